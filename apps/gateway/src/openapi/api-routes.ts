import {
  AccountDeleteSchema,
  ActivityItemSchema,
  ActivityQuerySchema,
  AlertDeliveriesQuerySchema,
  alertRuleInputSchema,
  ApiKeyCreateSchema,
  ArchiveConfigInputSchema,
  ApiKeySchema,
  ContactMessageSchema,
  DashboardStatsSchema,
  DistributionItemSchema,
  DistributionQuerySchema,
  ForgotPasswordSchema,
  GroupDetailQuerySchema,
  GroupListQuerySchema,
  GroupLogsPageSchema,
  GroupLogsQuerySchema,
  GroupNoteCreateSchema,
  GroupNoteSchema,
  GroupPageSchema,
  GroupStatusUpdateSchema,
  GroupsSummarySchema,
  GroupSummaryQuerySchema,
  IngestHealthSchema,
  LogDetailSchema,
  LogFilterQuerySchema,
  LogGroupSchema,
  LogItemSchema,
  LogListQuerySchema,
  LogPageSchema,
  LogStatsSchema,
  LoginSchema,
  MemberAddSchema,
  MemberRoleSchema,
  notificationPreferencesSchema,
  PasswordChangeSchema,
  PerfRouteDetailQuerySchema,
  PlanChangeSchema,
  PlanQuoteQuerySchema,
  PerfRoutesQuerySchema,
  PerfSummaryQuerySchema,
  ProfileUpdateSchema,
  ProjectCreateSchema,
  ProjectSchema,
  ProjectUpdateSchema,
  RecentLogsQuerySchema,
  RegisterSchema,
  ResetPasswordSchema,
  SavedViewInputSchema,
  TeamMemberSchema,
  TimingRecordSchema,
  TokenResponseSchema,
  UserSchema,
  UserSearchResultSchema,
  UserSearchSchema,
} from '@seyir/domain';
import { z } from 'zod';

/** How a route authenticates: a user's access token, a project API key, or not at all. */
export type RouteAuth = 'bearer' | 'apiKey' | 'none';

/**
 * One operation of the API as documented: the zod schemas here are the very ones the route
 * handler parses its input with (and, where one exists, the schema of its answer).
 */
export interface RouteDoc {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form: `/api/v1/projects/{projectId}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: RouteAuth;
  /** Who may call it, when narrower than "any signed-in member". */
  role?: 'viewer' | 'editor' | 'admin' | 'owner';
  query?: z.ZodType;
  body?: z.ZodType;
  /** Form-encoded body accepted too (login). */
  form?: boolean;
  response?: z.ZodType;
  /** Success status. Default 200. */
  status?: 200 | 201 | 202 | 204;
}

const p = '/api/v1/projects/{projectId}';
// Schemas built per deployment (private webhook URLs allowed or not): documented with the safe default.
const AlertRuleInputSchema = alertRuleInputSchema();
const PreferencesSchema = notificationPreferencesSchema();
const IngestAnswerSchema = z.object({ accepted: z.number().int(), rejected: z.array(z.object({ index: z.number().int(), detail: z.string() })) });
const IngestBodyDescription =
  'Bir log nesnesi (veya batch için en fazla 1.000 logluk dizi): message (zorunlu), level, timestamp, environment, host, logger, release, tags, metadata, context, exception, request, response, fingerprint. İsteğe bağlı Idempotency-Key başlığı: cevabı alınamayan bir istek aynı anahtarla yeniden gönderilirse loglar ikinci kez saklanmaz. Ayrıntılar README "Sending logs".';

/** Every route of the API. A test checks this list against the Express app, both ways. */
export const API_ROUTES: readonly RouteDoc[] = [
  { method: 'GET', path: '/healthz', tag: 'Sistem', summary: 'Süreç ayakta mı', auth: 'none', response: z.object({ status: z.literal('ok') }) },
  { method: 'GET', path: '/readyz', tag: 'Sistem', summary: 'Veritabanı (ve Redis) yanıt veriyor mu; değilse 503', auth: 'none' },
  { method: 'GET', path: '/api/openapi.json', tag: 'Sistem', summary: 'Bu OpenAPI 3.1 belgesi', auth: 'none' },
  { method: 'GET', path: '/docs', tag: 'Sistem', summary: 'Okunabilir API başvuru sayfası (HTML)', auth: 'none' },

  { method: 'POST', path: '/api/v1/auth/register', tag: 'Hesap', summary: 'Kayıt ol (ilk hesap global yöneticidir)', auth: 'none', body: RegisterSchema, response: UserSchema, status: 201 },
  { method: 'POST', path: '/api/v1/auth/login', tag: 'Hesap', summary: 'Giriş yap; erişim belirteci döner', auth: 'none', body: LoginSchema, form: true, response: TokenResponseSchema },
  { method: 'GET', path: '/api/v1/auth/me', tag: 'Hesap', summary: 'Oturumdaki kullanıcı', auth: 'bearer', response: UserSchema },
  { method: 'PUT', path: '/api/v1/auth/me', tag: 'Hesap', summary: 'Profili güncelle', auth: 'bearer', body: ProfileUpdateSchema, response: UserSchema },
  { method: 'DELETE', path: '/api/v1/auth/me', tag: 'Hesap', summary: 'Hesabı sil (parola ile onay)', auth: 'bearer', body: AccountDeleteSchema, status: 204 },
  { method: 'POST', path: '/api/v1/auth/change-password', tag: 'Hesap', summary: 'Parola değiştir; yeni belirteç döner', auth: 'bearer', body: PasswordChangeSchema, response: TokenResponseSchema },
  { method: 'POST', path: '/api/v1/auth/forgot-password', tag: 'Hesap', summary: 'Parola sıfırlama e-postası iste', auth: 'none', body: ForgotPasswordSchema, status: 202 },
  { method: 'POST', path: '/api/v1/auth/reset-password', tag: 'Hesap', summary: 'E-postadaki belirteçle parolayı sıfırla', auth: 'none', body: ResetPasswordSchema },
  { method: 'POST', path: '/api/v1/auth/logout', tag: 'Hesap', summary: 'Tüm oturumları kapat', auth: 'bearer', status: 204 },
  { method: 'GET', path: '/api/v1/auth/me/preferences', tag: 'Hesap', summary: 'Bildirim tercihleri', auth: 'bearer' },
  { method: 'PUT', path: '/api/v1/auth/me/preferences', tag: 'Hesap', summary: 'Bildirim tercihlerini güncelle', auth: 'bearer', body: PreferencesSchema },

  { method: 'GET', path: '/api/v1/plans', tag: 'Genel', summary: 'Plan tablosu', auth: 'none' },
  { method: 'POST', path: '/api/v1/contact', tag: 'Genel', summary: 'İletişim formu', auth: 'none', body: ContactMessageSchema, status: 201 },
  { method: 'GET', path: '/api/v1/alerts/mute', tag: 'Uyarılar', summary: 'E-postadaki sessize alma bağlantısını doğrula', auth: 'none' },
  { method: 'POST', path: '/api/v1/alerts/mute', tag: 'Uyarılar', summary: 'Uyarıyı e-postadaki bağlantıyla sessize al', auth: 'none' },
  { method: 'GET', path: '/api/v1/users/me/plan', tag: 'Plan ve kullanım', summary: 'Hesabın planı', auth: 'bearer' },
  { method: 'GET', path: '/api/v1/users/me/plan/quote', tag: 'Plan ve kullanım', summary: 'Plan değişikliğinin fiyatı (kıst)', auth: 'bearer', query: PlanQuoteQuerySchema },
  { method: 'POST', path: '/api/v1/users/me/plan', tag: 'Plan ve kullanım', summary: 'Planı değiştir', auth: 'bearer', body: PlanChangeSchema },
  { method: 'GET', path: '/api/v1/users/me/usage', tag: 'Plan ve kullanım', summary: 'Bu ayın kullanımı ve aşım ücreti', auth: 'bearer' },
  { method: 'GET', path: '/api/v1/users/search', tag: 'Hesap', summary: 'Ekibe eklemek için kullanıcı ara', auth: 'bearer', query: UserSearchSchema, response: z.array(UserSearchResultSchema) },

  { method: 'GET', path: '/api/v1/projects', tag: 'Projeler', summary: 'Üyesi olunan projeler', auth: 'bearer', response: z.array(ProjectSchema) },
  { method: 'POST', path: '/api/v1/projects', tag: 'Projeler', summary: 'Proje oluştur', auth: 'bearer', body: ProjectCreateSchema, response: ProjectSchema, status: 201 },
  { method: 'GET', path: p, tag: 'Projeler', summary: 'Bir proje', auth: 'bearer', response: ProjectSchema },
  { method: 'PUT', path: p, tag: 'Projeler', summary: 'Projeyi güncelle', auth: 'bearer', role: 'admin', body: ProjectUpdateSchema, response: ProjectSchema },
  { method: 'DELETE', path: p, tag: 'Projeler', summary: 'Projeyi ve loglarını sil', auth: 'bearer', role: 'owner', status: 204 },
  { method: 'GET', path: `${p}/api-keys`, tag: 'API anahtarları', summary: 'Maskeli anahtar listesi', auth: 'bearer', response: z.array(ApiKeySchema) },
  { method: 'POST', path: `${p}/api-keys`, tag: 'API anahtarları', summary: 'Anahtar oluştur (tamamı yalnız bu yanıtta görünür)', auth: 'bearer', role: 'admin', body: ApiKeyCreateSchema, response: ApiKeySchema, status: 201 },
  { method: 'PUT', path: `${p}/api-keys/{keyId}/activate`, tag: 'API anahtarları', summary: 'Anahtarı etkinleştir', auth: 'bearer', role: 'admin', response: ApiKeySchema },
  { method: 'PUT', path: `${p}/api-keys/{keyId}/deactivate`, tag: 'API anahtarları', summary: 'Anahtarı devre dışı bırak (5 sn içinde)', auth: 'bearer', role: 'admin', response: ApiKeySchema },
  { method: 'DELETE', path: `${p}/api-keys/{keyId}`, tag: 'API anahtarları', summary: 'Anahtarı sil', auth: 'bearer', role: 'admin', status: 204 },
  { method: 'GET', path: `${p}/members`, tag: 'Ekip', summary: 'Ekip üyeleri', auth: 'bearer', response: z.array(TeamMemberSchema) },
  { method: 'POST', path: `${p}/members`, tag: 'Ekip', summary: 'Üye ekle', auth: 'bearer', role: 'admin', body: MemberAddSchema, status: 201 },
  { method: 'PUT', path: `${p}/members/{userId}`, tag: 'Ekip', summary: 'Üyenin rolünü değiştir', auth: 'bearer', role: 'admin', body: MemberRoleSchema },
  { method: 'DELETE', path: `${p}/members/{userId}`, tag: 'Ekip', summary: 'Üyeyi çıkar', auth: 'bearer', role: 'admin', status: 204 },

  { method: 'GET', path: `${p}/archive`, tag: 'Arşiv', summary: 'Arşiv (S3) ayarları', auth: 'bearer', role: 'admin' },
  { method: 'PUT', path: `${p}/archive`, tag: 'Arşiv', summary: 'Arşiv ayarlarını kaydet', auth: 'bearer', role: 'admin', body: ArchiveConfigInputSchema },
  { method: 'POST', path: `${p}/archive/test`, tag: 'Arşiv', summary: 'Arşiv bağlantısını dene', auth: 'bearer', role: 'admin' },
  { method: 'DELETE', path: `${p}/archive`, tag: 'Arşiv', summary: 'Arşivlemeyi kapat', auth: 'bearer', role: 'admin', status: 204 },
  {
    method: 'GET',
    path: `${p}/logs`,
    tag: 'Loglar',
    summary: 'Loglar: filtre, arama, sayfa ve dört sayaç',
    description:
      'search: tüm kelimeler geçmeli, "tırnaklı ifade" bütün olarak, -kelime hariç tutar; Türkçe büyük/küçük harf katlaması (İ/I/ı/i). Aramalı (ve q’lu) toplamlar 1.000’e kadar kesin, sonrası total_is_estimate: true (toplam alt sınırdır). q: sorgu dili. skip en fazla 100.000.',
    auth: 'bearer',
    query: LogListQuerySchema,
    response: LogPageSchema,
  },
  { method: 'GET', path: `${p}/logs/stats/summary`, tag: 'Loglar', summary: 'Aynı filtreler için toplam ve seviye dağılımı', auth: 'bearer', query: LogFilterQuerySchema, response: LogStatsSchema },
  { method: 'GET', path: `${p}/logs/fields`, tag: 'Loglar', summary: 'Son loglardaki özel alanlar ve sık değerleri (arama önerileri)', auth: 'bearer' },
  { method: 'GET', path: `${p}/logs/{logId}`, tag: 'Loglar', summary: 'Bir logun tamamı (§3 Log)', auth: 'bearer', response: LogDetailSchema },

  { method: 'GET', path: `${p}/groups`, tag: 'Gruplar', summary: 'Son days günde görülen gruplar; environment verilirse durumlar o ortamdaki', auth: 'bearer', query: GroupListQuerySchema, response: GroupPageSchema },
  { method: 'GET', path: `${p}/groups/summary`, tag: 'Gruplar', summary: 'Grup özeti', auth: 'bearer', query: GroupSummaryQuerySchema, response: GroupsSummarySchema },
  { method: 'GET', path: `${p}/groups/health`, tag: 'Gruplar', summary: 'Alım hattının sağlığı', auth: 'bearer', response: IngestHealthSchema },
  { method: 'GET', path: `${p}/groups/{groupId}`, tag: 'Gruplar', summary: 'Bir grup (environment verilirse o ortamdaki durumuyla)', auth: 'bearer', query: GroupDetailQuerySchema, response: LogGroupSchema },
  {
    method: 'PATCH',
    path: `${p}/groups/{groupId}`,
    tag: 'Gruplar',
    summary: 'Grup durumunu ayarla: her ortamda, veya environment ile yalnız o ortamda',
    description: 'Çözülmüş bir grup (ya da ortam) yeni log alınca yeniden açılır ve regresyon olarak işaretlenir.',
    auth: 'bearer',
    role: 'editor',
    body: GroupStatusUpdateSchema,
    response: LogGroupSchema,
  },
  { method: 'DELETE', path: `${p}/groups/{groupId}`, tag: 'Gruplar', summary: 'Grubu loglarıyla sil', auth: 'bearer', role: 'admin', status: 204 },
  { method: 'POST', path: `${p}/groups/{groupId}/reprocess`, tag: 'Gruplar', summary: 'Grubu loglarından yeniden hesapla', auth: 'bearer', role: 'editor' },
  { method: 'GET', path: `${p}/groups/{groupId}/logs`, tag: 'Gruplar', summary: 'Grubun logları', auth: 'bearer', query: GroupLogsQuerySchema, response: GroupLogsPageSchema },
  { method: 'GET', path: `${p}/groups/{groupId}/notes`, tag: 'Gruplar', summary: 'Grup notları', auth: 'bearer', response: z.array(GroupNoteSchema) },
  { method: 'POST', path: `${p}/groups/{groupId}/notes`, tag: 'Gruplar', summary: 'Not ekle', auth: 'bearer', role: 'editor', body: GroupNoteCreateSchema, response: GroupNoteSchema, status: 201 },

  { method: 'GET', path: `${p}/views`, tag: 'Kayıtlı görünümler', summary: 'Kayıtlı görünümler', auth: 'bearer' },
  { method: 'POST', path: `${p}/views`, tag: 'Kayıtlı görünümler', summary: 'Görünüm kaydet', auth: 'bearer', role: 'editor', body: SavedViewInputSchema, status: 201 },
  { method: 'PUT', path: `${p}/views/{viewId}`, tag: 'Kayıtlı görünümler', summary: 'Görünümü güncelle', auth: 'bearer', role: 'editor', body: SavedViewInputSchema },
  { method: 'DELETE', path: `${p}/views/{viewId}`, tag: 'Kayıtlı görünümler', summary: 'Görünümü sil', auth: 'bearer', role: 'editor', status: 204 },

  { method: 'GET', path: `${p}/alerts`, tag: 'Uyarılar', summary: 'Uyarı kuralları', auth: 'bearer' },
  { method: 'POST', path: `${p}/alerts`, tag: 'Uyarılar', summary: 'Uyarı kuralı oluştur', auth: 'bearer', role: 'admin', body: AlertRuleInputSchema, status: 201 },
  { method: 'GET', path: `${p}/alerts/{alertId}`, tag: 'Uyarılar', summary: 'Bir uyarı kuralı', auth: 'bearer' },
  { method: 'PUT', path: `${p}/alerts/{alertId}`, tag: 'Uyarılar', summary: 'Uyarı kuralını güncelle', auth: 'bearer', role: 'admin', body: AlertRuleInputSchema },
  { method: 'DELETE', path: `${p}/alerts/{alertId}`, tag: 'Uyarılar', summary: 'Uyarı kuralını sil', auth: 'bearer', role: 'admin', status: 204 },
  { method: 'GET', path: `${p}/alerts/{alertId}/deliveries`, tag: 'Uyarılar', summary: 'Son gönderimler', auth: 'bearer', role: 'admin', query: AlertDeliveriesQuerySchema },
  { method: 'POST', path: `${p}/alerts/{alertId}/test`, tag: 'Uyarılar', summary: 'Deneme bildirimi gönder', auth: 'bearer', role: 'admin', status: 202 },

  { method: 'GET', path: `${p}/performance/summary`, tag: 'Performans', summary: 'Performans özeti (Apdex)', auth: 'bearer', query: PerfSummaryQuerySchema },
  { method: 'GET', path: `${p}/performance/routes`, tag: 'Performans', summary: 'Rotalar ve süreleri', auth: 'bearer', query: PerfRoutesQuerySchema },
  { method: 'GET', path: `${p}/performance/routes/{routeId}`, tag: 'Performans', summary: 'Bir rotanın ayrıntısı', auth: 'bearer', query: PerfRouteDetailQuerySchema },

  {
    method: 'GET',
    path: '/api/v1/dashboard/stats',
    tag: 'Dashboard',
    summary: 'Tüm projelerde toplamlar ve değişim yüzdeleri',
    description: 'totalLogs/errorLogs: son 30 gün, önceki 30 güne göre; todayLogs: İstanbul gece yarısından beri, dünün aynı saatlerine göre. Saatlik özetlerden okunur.',
    auth: 'bearer',
    response: DashboardStatsSchema,
  },
  { method: 'GET', path: '/api/v1/dashboard/logs/activity', tag: 'Dashboard', summary: 'Gün başına seviye sayıları (İstanbul günleri)', auth: 'bearer', query: ActivityQuerySchema, response: z.array(ActivityItemSchema) },
  { method: 'GET', path: '/api/v1/dashboard/logs/distribution', tag: 'Dashboard', summary: 'Seviye dağılımı', auth: 'bearer', query: DistributionQuerySchema, response: z.array(DistributionItemSchema) },
  { method: 'GET', path: '/api/v1/dashboard/logs/recent', tag: 'Dashboard', summary: 'Tüm projelerin en yeni logları', auth: 'bearer', query: RecentLogsQuerySchema, response: z.array(LogItemSchema) },

  { method: 'POST', path: '/api/ingest', tag: 'Log gönderme', summary: 'Bir log gönder (X-Seyir-Key başlığı)', description: IngestBodyDescription, auth: 'apiKey', response: IngestAnswerSchema, status: 202 },
  { method: 'POST', path: '/api/ingest/batch', tag: 'Log gönderme', summary: 'En fazla 1.000 log gönder (X-Seyir-Key başlığı)', description: IngestBodyDescription, auth: 'apiKey', response: IngestAnswerSchema, status: 202 },
  { method: 'POST', path: '/api/ingest/{apiKey}', tag: 'Log gönderme', summary: 'Bir log gönder (anahtar yolda; başlık önerilir)', description: IngestBodyDescription, auth: 'none', response: IngestAnswerSchema, status: 202 },
  { method: 'POST', path: '/api/ingest/{apiKey}/batch', tag: 'Log gönderme', summary: 'Batch gönder (anahtar yolda)', description: IngestBodyDescription, auth: 'none', response: IngestAnswerSchema, status: 202 },
  { method: 'POST', path: '/api/ingest/timings', tag: 'Log gönderme', summary: 'İstek süreleri gönder (performans izleme)', auth: 'apiKey', body: z.array(TimingRecordSchema), response: IngestAnswerSchema, status: 202 },
];
