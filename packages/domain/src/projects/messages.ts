/** §5 and §8 messages of projects, API keys and the team, word for word. */
export const PROJECT_MESSAGES = {
  nameRequired: 'Proje adı gereklidir',
  nameMin: 'Proje adı en az 3 karakter olmalıdır',
  nameMax: 'Proje adı en fazla 50 karakter olabilir',
  environmentDuplicate: 'Bu ortam zaten eklenmiş.',
  environmentInvalid: 'Ortam adı yalnızca küçük harf, rakam, nokta, alt çizgi ve tire içerebilir (en fazla 32 karakter).',
  environmentsMax: 'Bir projede en fazla 20 ortam olabilir.',
  created: 'Proje başarıyla oluşturuldu.',
  updated: 'Proje başarıyla güncellendi.',
  createFailed: 'Proje oluşturulurken bir hata oluştu.',
  updateFailed: 'Proje güncellenirken bir hata oluştu.',
  deleted: 'Proje başarıyla silindi.',
  deleteFailed: 'Proje silinirken bir hata oluştu.',
  loadFailed: 'Proje bilgileri yüklenirken bir hata oluştu.',
  listLoadFailed: 'Projeler yüklenirken bir hata oluştu.',
} as const;

export const API_KEY_MESSAGES = {
  nameRequired: 'API anahtarı adı gereklidir',
  nameMin: 'API anahtarı adı en az 3 karakter olmalıdır',
  nameMax: 'API anahtarı adı en fazla 50 karakter olabilir',
  deactivated: 'API anahtarı devre dışı bırakıldı.',
  activated: 'API anahtarı etkinleştirildi.',
  deleted: 'API anahtarı başarıyla silindi.',
  copied: 'API anahtarı panoya kopyalandı!',
  invalid: 'API anahtarı geçersiz veya devre dışı.',
  missing: 'API anahtarı gönderilmedi. X-Seyir-Key başlığını kullanın.',
} as const;

export const TEAM_MESSAGES = {
  searchMin: 'Arama için en az 2 karakter girmelisiniz',
  selectUser: 'Lütfen bir kullanıcı seçin',
  userNotFound: 'Kullanıcı bulunamadı',
  noMatch: 'Aramanızla eşleşen veya henüz ekip üyesi olmayan kullanıcı bulunamadı',
  searchFailed: 'Kullanıcı arama sırasında bir hata oluştu',
  addFailed: 'Kullanıcı eklenirken bir hata oluştu',
  userIdUnknown: "Kullanıcı ID'si belirlenemedi",
  removed: 'Kullanıcı projeden çıkarıldı',
  removeFailed: 'Kullanıcı çıkarılırken bir hata oluştu',
  loadFailed: 'Ekip üyeleri yüklenirken bir hata oluştu',
  roleInvalid: 'Geçersiz rol. Rol viewer, editor veya admin olmalıdır.',
} as const;
