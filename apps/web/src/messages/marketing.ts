/** Turkish strings of the public marketing pages (home, features and FAQ, pricing, contact). */

export const HOME = {
  heroTitle: 'Python uygulamalarınızın loglarını tek yerden izleyin',
  heroText:
    'Seyir hataları yakalar, benzerlerini otomatik gruplar ve ekibinizi anında haberdar eder. Django, Flask ve FastAPI için hazır entegrasyonlar.',
  ctaStart: 'Ücretsiz Başlayın',
  ctaDashboard: "Dashboard'a Git",
  ctaFeatures: 'Özellikleri Keşfedin',
  featuresTitle: 'İhtiyacınız olan her şey',
  features: [
    { title: 'Hata takibi ve performans izleme', text: 'Hataları yığın izleriyle birlikte yakalayın, yavaşlayan uç noktaları görün.' },
    { title: 'Gerçek zamanlı uyarılar', text: 'E-posta veya webhook ile kritik hatalardan anında haberdar olun.' },
    { title: 'Benzer hataların otomatik gruplanması', text: 'Aynı hatanın binlerce tekrarı tek bir grupta toplanır.' },
    { title: 'Güçlü filtreleme', text: 'Ortama, seviyeye, tarihe veya özel alanlara göre filtreleyin.' },
    { title: 'Hazır entegrasyonlar', text: 'Django, Flask ve FastAPI için birkaç satırlık kurulum.' },
    { title: 'Güvenli saklama', text: 'Hassas veriler otomatik maskelenir, veriler şifreli saklanır ve paylaşılmaz.' },
  ],
  howTitle: 'Nasıl çalışır?',
  steps: [
    { title: 'Hesap oluşturun', text: 'Birkaç saniyede ücretsiz kayıt olun.' },
    { title: 'İstemciyi kurun', text: 'Python istemci kütüphanesini pip ile yükleyin.' },
    { title: 'Logları izleyin', text: 'Projenizin API anahtarıyla yapılandırın ve logları dashboard’da görün.' },
  ],
  ctaTitle: 'Hemen izlemeye başlayın',
  ctaText: 'Beta döneminde tüm özellikler ücretsiz. Kredi kartı gerekmez.',
  selfHosted: 'Kurumsal sürüm kendi sunucularınızda da çalışabilir.',
} as const;

export const FEATURES_PAGE = {
  title: 'Özellikler',
  intro: 'Seyir, Python backend ekiplerinin hataları hızla bulup çözmesi için tasarlandı.',
  items: [
    { title: 'Hata takibi', text: 'İstisnalar tür, mesaj ve yığın iziyle kaydedilir; HTTP isteği ve yanıtı da eklenir.' },
    { title: 'Performans izleme', text: 'Yavaş istekleri ve hata oranlarını zaman içinde izleyin.' },
    { title: 'Gerçek zamanlı uyarılar', text: 'E-posta veya webhook ile bildirim alın.' },
    { title: 'Otomatik gruplama', text: 'Benzer hatalar tek grupta toplanır; sayılar ve etkilenen kullanıcılar görünür.' },
    { title: 'Filtreleme', text: 'Ortam, seviye, tarih aralığı ve serbest metinle arayın.' },
    { title: 'Ekip yönetimi', text: 'Ekip üyelerine görüntüleyici, editör veya yönetici rolü verin.' },
    { title: 'Veri güvenliği', text: 'Hassas alanlar maskelenir, alanlar filtrelenebilir, veriler şifreli saklanır.' },
    { title: 'Arşivleme', text: 'Süresi dolan loglar otomatik silinir; isterseniz nesne depolamaya arşivlenir.' },
  ],
  faqTitle: 'Sıkça Sorulan Sorular',
  ctaTitle: 'Denemeye hazır mısınız?',
} as const;

export const FAQ = {
  freeTierQ: 'Ücretsiz planda neler var?',
  freeTierA: (logs: string, days: number) =>
    `Ücretsiz plan ayda ${logs} log ve ${days} gün saklama süresi sunar. Kredi kartı gerekmez.`,
  switchQ: 'Planımı değiştirebilir miyim?',
  switchA: 'Planınızı istediğiniz zaman değiştirebilirsiniz; yükseltmelerde kalan süre oranlanarak hesaplanır.',
  overQ: 'Aylık kotamı aşarsam ne olur?',
  overA: 'Loglarınız saklanmaya devam eder; kotanın üzerindeki her 10.000 log için 10 ₺ ücretlendirilir ve size bildirim gönderilir.',
  retentionQ: 'Süresi dolan loglar ne olur?',
  retentionA: 'Saklama süresi dolan loglar otomatik silinir; nesne depolama servislerine arşivlemeyi seçebilirsiniz.',
  securityQ: 'Verilerim güvende mi?',
  securityA: 'Hassas veriler otomatik maskelenir, alanlar filtrelenebilir, veriler şifreli saklanır ve üçüncü taraflarla paylaşılmaz.',
  selfHostQ: 'Kendi sunucumda çalıştırabilir miyim?',
  selfHostA: 'Evet, kendi sunucularınızda çalışan bir kurumsal sürüm mevcuttur.',
} as const;

export const PRICING = {
  title: 'Fiyatlandırma',
  intro: 'İhtiyacınıza uygun planı seçin.',
  betaBanner: 'Şu an tamamen ücretsiz!',
  betaText: 'Beta dönemi boyunca tüm özellikler ücretsiz. Erken katılanlar özel avantajlardan yararlanacak.',
  free: 'Ücretsiz',
  perMonth: '/ay',
  listPrice: (price: string) => `Beta sonrası fiyat: ${price} / ay`,
  price: (price: string) => `${price} ₺`,
  popular: 'En Popüler',
  noCard: 'Ücretsiz plan için kredi kartı gerekmez.',
  bottomTitle: 'Hâlâ karar veremediniz mi?',
  bottomStart: 'Ücretsiz Başlayın',
  bottomFeatures: 'Özellikleri Keşfedin',
  loadFailed: 'Planlar yüklenemedi.',
} as const;

export const CONTACT = {
  title: 'İletişim',
  intro: 'Sorularınız, önerileriniz veya iş birliği talepleriniz için bize ulaşın.',
  emailTitle: 'E-posta',
  emailValue: 'destek@seyir.dev',
  discordTitle: 'Discord',
  discordValue: 'Topluluk sunucumuza katılın',
  phoneTitle: 'Telefon',
  phoneValue: '+90 212 000 00 00',
  addressTitle: 'Adres',
  addressValue: 'Maslak Mah. Büyükdere Cad. No:1, Sarıyer / İstanbul',
  mapTitle: 'Ofisimizin haritadaki konumu',
  socialTitle: 'Bizi takip edin',
  formTitle: 'Bize mesaj gönderin',
  name: 'Adınız',
  email: 'E-posta adresiniz',
  subject: 'Konu',
  subjectPlaceholder: 'Konu seçin',
  subjects: { general: 'Genel', support: 'Destek', sales: 'Satış', billing: 'Faturalandırma', other: 'Diğer' },
  message: 'Mesajınız',
  privacy: 'Gizlilik politikasını okudum ve kabul ediyorum.',
  submit: 'Gönder',
  submitting: 'Gönderiliyor…',
  thanksTitle: 'Teşekkürler!',
  newMessage: 'Yeni Mesaj Gönder',
  failed: 'Mesajınız gönderilirken bir hata oluştu. Lütfen tekrar deneyin.',
} as const;
