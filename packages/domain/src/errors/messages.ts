/**
 * Turkish messages the server answers with in `detail`. The spec's validation messages (§5)
 * live next to their schemas; these are the server-side ones the spec leaves to us.
 */
export const SERVER_MESSAGES = {
  unauthenticated: 'Oturum açmanız gerekiyor.',
  sessionExpired: 'Oturum sonlandırıldı. Lütfen tekrar giriş yapın.',
  invalidCredentials: 'Kullanıcı adı veya şifre hatalı.',
  tooManyLoginAttempts: 'Çok fazla başarısız giriş denemesi. Lütfen biraz sonra tekrar deneyin.',
  forbidden: 'Bu işlem için yetkiniz yok.',
  notFound: 'Aradığınız kayıt bulunamadı.',
  projectNotFound: 'Proje bulunamadı.',
  apiKeyNotFound: 'API anahtarı bulunamadı.',
  userNotFound: 'Kullanıcı bulunamadı',
  memberNotFound: 'Kullanıcı bu projenin ekibinde değil.',
  memberExists: 'Bu kullanıcı zaten proje ekibinde.',
  ownerCannotBeRemoved: 'Proje sahibi projeden çıkarılamaz.',
  usernameTaken: 'Bu kullanıcı adı zaten kullanılıyor.',
  emailTaken: 'Bu e-posta adresi zaten kayıtlı.',
  wrongCurrentPassword: 'Mevcut şifreniz hatalı.',
  validationFailed: 'Gönderilen bilgiler geçersiz.',
  invalidJson: 'İstek gövdesi geçerli bir JSON değil.',
  invalidCompression: 'İstek gövdesi açılamadı: sıkıştırılmış veri bozuk.',
  payloadTooLarge: 'İstek gövdesi izin verilen boyutu aşıyor.',
  unsupportedMediaType: 'Desteklenmeyen içerik türü.',
  rateLimited: 'Çok fazla istek gönderildi. Lütfen biraz sonra tekrar deneyin.',
  unavailable: 'Hizmet geçici olarak kullanılamıyor. Lütfen biraz sonra tekrar deneyin.',
  internal: 'Beklenmeyen bir sunucu hatası oluştu.',
  routeNotFound: 'İstenen adres bulunamadı.',
  projectLimitReached: 'Planınızın proje sınırına ulaştınız.',
} as const;
