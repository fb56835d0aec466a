/**
 * Every Turkish string of the web app lives in this folder: common and auth strings here, the
 * marketing pages' in `marketing.ts`, the signed-in screens' in `app.ts` (split only so that each
 * loads with the screens that use it). The §5/§8 messages that the server
 * shares live in `@seyir/domain` and are re-exported here, never retyped.
 */
export {
  API_KEY_MESSAGES,
  AUTH_MESSAGES,
  CONTACT_MESSAGES,
  LEVEL_LABELS,
  PROJECT_MESSAGES,
  TEAM_MESSAGES,
} from '@seyir/domain';

export const APP_VERSION = '0.1.0';

export const COMMON = {
  brand: 'Seyir',
  loading: 'Yükleniyor…',
  save: 'Kaydet',
  saving: 'Kaydediliyor…',
  cancel: 'İptal',
  close: 'Kapat',
  date: 'Tarih',
  notifications: 'Bildirimler',
  pageTitle: (title: string) => `${title} · Seyir`,
  delete: 'Sil',
  deleting: 'Siliniyor…',
  confirm: 'Onayla',
  copy: 'Kopyala',
  copied: 'Kopyalandı!',
  copyFailed: 'Kopyalanırken bir hata oluştu.',
  previous: 'Önceki',
  next: 'Sonraki',
  pagination: 'Sayfalama',
  pageRange: (from: number, to: number, total: string) => `${from}–${to} / ${total}`,
  page: (n: number) => `Sayfa ${n}`,
  noData: 'Gösterilecek veri yok.',
  unknown: '—',
  yes: 'Evet',
  no: 'Hayır',
  view: 'Görüntüle',
  back: 'Geri',
  required: '(zorunlu)',
  optional: '(isteğe bağlı)',
  skipToContent: 'İçeriğe atla',
  authorizationError: 'authorization error',
  serverError: 'server error',
} as const;

export const NAV = {
  home: 'Ana Sayfa',
  features: 'Özellikler',
  pricing: 'Fiyatlandırma',
  contact: 'İletişim',
  docs: 'Dokümantasyon',
  login: 'Giriş Yap',
  register: 'Kayıt Ol',
  dashboard: 'Dashboard',
  projects: 'Projeler',
  profile: 'Profil',
  logout: 'Çıkış Yap',
  mainNav: 'Ana menü',
  openMenu: 'Menüyü aç',
  closeMenu: 'Menüyü kapat',
} as const;

export const FOOTER = {
  tagline: 'Python uygulamaları için düşük maliyetli log ve hata izleme.',
  product: 'Ürün',
  company: 'Şirket',
  resources: 'Kaynaklar',
  about: 'Hakkımızda',
  blog: 'Blog',
  careers: 'Kariyer',
  privacy: 'Gizlilik Politikası',
  terms: 'Kullanım Şartları',
  status: 'Sistem Durumu',
  social: 'Sosyal medya',
  rights: (year: number) => `© ${year} Seyir. Tüm hakları saklıdır.`,
} as const;

export const LOGIN = {
  title: 'Giriş Yap',
  intro: 'Hesabınıza giriş yapın',
  username: 'Kullanıcı adı',
  password: 'Şifre',
  rememberMe: 'Beni hatırla',
  forgot: 'Şifremi unuttum',
  submit: 'Giriş Yap',
  submitting: 'Giriş yapılıyor…',
  noAccount: 'Hesabınız yok mu?',
  registerLink: 'Kayıt olun',
} as const;

export const FORGOT_PASSWORD = {
  title: 'Şifremi Unuttum',
  intro: 'Hesabınızın e-posta adresini girin; şifrenizi sıfırlamanız için bir bağlantı gönderelim.',
  email: 'E-posta',
  submit: 'Bağlantı Gönder',
  submitting: 'Gönderiliyor…',
  failed: 'İstek gönderilirken bir hata oluştu. Lütfen tekrar deneyin.',
  backToLogin: 'Giriş sayfasına dön',
} as const;

export const RESET_PASSWORD = {
  title: 'Yeni Şifre Belirle',
  intro: 'Hesabınız için yeni bir şifre girin. Şifreniz değişince açık oturumlarınızın hepsi kapanır.',
  newPassword: 'Yeni şifre',
  passwordConfirm: 'Yeni şifre (tekrar)',
  submit: 'Şifreyi Sıfırla',
  submitting: 'Kaydediliyor…',
  missingToken: 'Bu bağlantı eksik veya hatalı. Lütfen e-postadaki bağlantıyı eksiksiz açın ya da yeni bir bağlantı isteyin.',
  failed: 'Şifre sıfırlanırken bir hata oluştu. Lütfen tekrar deneyin.',
  requestNew: 'Yeni bağlantı iste',
} as const;

export const REGISTER = {
  title: 'Kayıt Ol',
  intro: 'Ücretsiz hesabınızı oluşturun',
  username: 'Kullanıcı adı',
  email: 'E-posta',
  firstName: 'Ad',
  lastName: 'Soyad',
  password: 'Şifre',
  passwordConfirm: 'Şifre (tekrar)',
  terms: 'Kullanım şartlarını kabul ediyorum.',
  submit: 'Kayıt Ol',
  submitting: 'Kayıt yapılıyor…',
  haveAccount: 'Zaten hesabınız var mı?',
  loginLink: 'Giriş yapın',
} as const;

export const NOT_FOUND = {
  title: 'Sayfa Bulunamadı',
  text: 'Aradığınız sayfa taşınmış, silinmiş ya da hiç var olmamış olabilir.',
  links: 'Bunlar işinize yarayabilir:',
} as const;
