import type { QueryScope } from './ast.js';
import { QUERY_MAX_DEPTH, QUERY_MAX_LENGTH, QUERY_MAX_TERMS } from './parse-query.js';

/** One line of the reference: what to write, what it means (Turkish), and where it works. */
export interface QueryReferenceRow {
  example: string;
  meaning: string;
  /** Defaults to both the logs and the groups screen. */
  scopes?: readonly QueryScope[];
}

export interface QueryReferenceSection {
  title: string;
  intro?: string;
  rows: readonly QueryReferenceRow[];
}

const LOGS_ONLY = ['logs'] as const;
const GROUPS_ONLY = ['groups'] as const;

/**
 * The search language's reference in Turkish, as data: the /docs page renders it, and a test
 * parses every example, so the documentation cannot drift from the parser.
 */
export const QUERY_LANGUAGE_REFERENCE: readonly QueryReferenceSection[] = [
  {
    title: 'Serbest metin',
    intro: 'Kelimeler mesajda ve hata tipinde/değerinde aranır; büyük/küçük harf Türkçe kurallarıyla eşlenir (İ/I/ı/i aynı harf sayılır).',
    rows: [
      { example: 'ödeme reddedildi', meaning: 'İki kelimenin ikisi de geçen loglar (boşluk VE demektir).' },
      { example: '"kart reddedildi"', meaning: 'Tırnak içindeki ifade bütün olarak geçmeli.' },
      { example: 'ödeme -test', meaning: '"-" ile başlayan kelime hariç tutulur.' },
      { example: '-"deneme ortamı"', meaning: 'İfadeyi içeren loglar hariç.' },
    ],
  },
  {
    title: 'Yerleşik alanlar',
    rows: [
      { example: 'level:error', meaning: 'Seviyesi ERROR olanlar (warn, fatal gibi takma adlar da geçer).' },
      { example: 'level:>=warning', meaning: 'WARNING ve üstü: WARNING, ERROR, CRITICAL. >, >=, <, <= kullanılabilir.' },
      { example: 'env:production', meaning: 'Ortamı production olanlar.' },
      { example: 'env:stag*', meaning: 'Sonda "*": "stag" ile başlayan ortamlar.' },
      { example: 'host:web-1', meaning: 'Sunucu adı.', scopes: LOGS_ONLY },
      { example: 'logger:shop.payments', meaning: 'Logger adı; logger:shop.* ile bir paketin tümü.', scopes: LOGS_ONLY },
      { example: 'release:2026.44.0', meaning: 'Sürüm.', scopes: LOGS_ONLY },
      { example: 'group:0193a0b0-1234-7abc-8def-0123456789ab', meaning: 'Bir hata grubunun logları (yalnızca bu projenin grupları).' },
      { example: 'has:exception', meaning: 'Hata bilgisi olan loglar; has:tags, has:metadata, has:context, has:request, has:response da olur.', scopes: LOGS_ONLY },
      { example: 'status:unresolved', meaning: 'Hata grupları ekranında: çözülmemiş gruplar (resolved, ignored).', scopes: GROUPS_ONLY },
      { example: 'host!:web-1', meaning: '"!:" eşit değil demektir; alanı hiç olmayan loglar da gelir.', scopes: LOGS_ONLY },
    ],
  },
  {
    title: 'Özel alanlar',
    intro: 'Etiketler ve JSON alanları (metadata, context, request, response, exception) noktalı yolla yazılır. Eşitlik metin, sayı ve dizi öğesi olarak eşleşir; sayı verilen karşılaştırmalar sayısaldır.',
    rows: [
      { example: 'tags:payments', meaning: '"payments" etiketi olan loglar; tags:pay* ile "pay" ile başlayan bir etiket.' },
      { example: 'metadata.user_id:42', meaning: 'metadata içinde user_id 42 (sayı veya "42" metni) olanlar.', scopes: LOGS_ONLY },
      { example: 'context.order.id:"A-17"', meaning: 'İç içe anahtarlar noktayla; boşluk veya özel karakter içeren değerler tırnakla.', scopes: LOGS_ONLY },
      { example: 'request.method:POST', meaning: 'İsteğin HTTP yöntemi.', scopes: LOGS_ONLY },
      { example: 'response.status_code:>=500', meaning: 'Yanıt kodu 500 ve üstü.', scopes: LOGS_ONLY },
      { example: 'exception.type:Value*', meaning: 'Hata tipi "Value" ile başlayanlar.', scopes: LOGS_ONLY },
      { example: 'metadata.plan!:free', meaning: 'plan değeri free olmayanlar (plan anahtarı olmayanlar dahil).', scopes: LOGS_ONLY },
    ],
  },
  {
    title: 'Birleştirme ve zaman',
    intro: 'Boşluk VE demektir; OR (büyük harfle) veya demektir ve VE’den zayıf bağlar; parantez gruplar. since: başlangıç, until: bitiş (tarih verilirse o gün dahil, İstanbul saatiyle).',
    rows: [
      { example: 'level:error OR level:critical', meaning: 'İkisinden biri.' },
      { example: '(tags:payments OR tags:checkout) env:production', meaning: 'Parantez önce değerlendirilir.' },
      { example: 'ödeme AND -tags:test', meaning: 'AND açıkça da yazılabilir.' },
      { example: '-(level:debug OR level:info)', meaning: 'Bir grubun tamamı hariç tutulabilir.' },
      { example: 'since:1h', meaning: 'Son bir saat (m dakika, h saat, d gün, w hafta; en çok 365 gün).' },
      { example: 'since:2026-11-01 until:2026-11-07', meaning: '1–7 Kasım 2026 (7 Kasım dahil).' },
      { example: 'level:>=warning env:production tags:db bağlantı since:24h', meaning: 'Son 24 saatte production’da db etiketli, "bağlantı" geçen uyarı ve hatalar.', scopes: LOGS_ONLY },
    ],
  },
];

/** The limits, for the reference page. */
export const QUERY_LIMITS_TEXT = `Bir sorgu en fazla ${QUERY_MAX_LENGTH} karakter, ${QUERY_MAX_TERMS} koşul ve ${QUERY_MAX_DEPTH} kat iç içe parantez içerebilir. Hatalı bir sorgu çalıştırılmaz; hatanın kaçıncı karakterde olduğu Türkçe olarak gösterilir.`;
