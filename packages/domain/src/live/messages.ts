/** Turkish messages of the live connection. */
export const LIVE_MESSAGES = {
  projectNotFound: 'Proje bulunamadı.',
  invalidRequest: 'Geçersiz canlı güncelleme isteği.',
  unavailable: 'Canlı güncellemeler şu anda kullanılamıyor. Lütfen sayfayı yenileyin.',
} as const;
