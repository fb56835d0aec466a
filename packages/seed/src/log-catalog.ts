import type { LogLevel } from '@seyir/domain';
import type { Random } from './random.js';

/**
 * The kinds of logs the seeder writes, modelled on a Django/Celery shop backend: request logs,
 * business events in Turkish, slow queries, warnings, and errors with Python tracebacks and
 * HTTP request/response. Each kind has fixed slots (`<...>`, chosen once per group, so one kind
 * yields many groups) and variable fills (`{...}`, drawn per log).
 */
export interface LogKind {
  level: LogLevel;
  logger: string;
  text: string;
  tags: string[];
  /** Relative frequency of the kind's groups. */
  weight: number;
  exception?: { type: string; value: string; module: string } | undefined;
  /** The log carries an HTTP request and response with this status. */
  http?: number | undefined;
}

export const SLOTS: Record<string, readonly string[]> = {
  endpoint: ['/api/orders', '/api/cart', '/api/products', '/api/payments', '/api/users', '/api/shipments', '/api/coupons', '/api/search', '/api/invoices', '/api/returns'],
  table: ['orders', 'order_items', 'products', 'payments', 'customers', 'shipments', 'stock_levels', 'invoices'],
  task: ['send_invoice_email', 'sync_stock', 'charge_subscription', 'rebuild_search_index', 'export_report', 'notify_courier', 'expire_carts'],
  service: ['odeme', 'kargo', 'stok', 'bildirim', 'fatura', 'arama', 'sepet'],
  city: ['İstanbul', 'Ankara', 'İzmir', 'Bursa', 'Antalya', 'Eskişehir', 'Iğdır'],
  cache: ['redis-sessions', 'redis-catalog', 'memcached-pages'],
  provider: ['iyzico', 'PayTR', 'Stripe', 'Param'],
};

export const KINDS: readonly LogKind[] = [
  { level: 'INFO', logger: 'django.request', text: 'GET <endpoint>/{id} 200 in {ms}ms', tags: ['http'], weight: 30 },
  { level: 'INFO', logger: 'django.request', text: 'POST <endpoint> 201 in {ms}ms', tags: ['http'], weight: 12 },
  { level: 'INFO', logger: 'shop.orders', text: 'Sipariş {id} oluşturuldu, tutar {amount} TL (<city>)', tags: ['siparis'], weight: 14 },
  { level: 'INFO', logger: 'shop.auth', text: 'Kullanıcı {user} oturum açtı, IP {ip}', tags: ['auth'], weight: 10 },
  { level: 'INFO', logger: 'celery.worker', text: 'Task shop.tasks.<task>[{uuid}] succeeded in {sec}s', tags: ['celery'], weight: 10 },
  { level: 'INFO', logger: 'shop.<service>', text: '<service> servisi {n} kaydı işledi', tags: ['batch'], weight: 6 },
  { level: 'DEBUG', logger: 'shop.cache', text: 'Cache <cache> hit ratio {pct}% over {n} keys', tags: ['cache'], weight: 8 },
  { level: 'DEBUG', logger: 'django.db.backends', text: '({sec}) SELECT * FROM "<table>" WHERE "id" = {id}', tags: ['db'], weight: 8 },
  { level: 'WARNING', logger: 'django.db.backends', text: 'Slow query on <table> took {ms}ms', tags: ['db', 'slow'], weight: 5 },
  { level: 'WARNING', logger: 'shop.stock', text: '<city> deposunda stok azaldı: ürün {id}, kalan {n} adet', tags: ['stok'], weight: 4 },
  { level: 'WARNING', logger: 'shop.payments', text: '<provider> ödeme sağlayıcısı yavaş yanıt verdi ({ms} ms)', tags: ['odeme', 'slow'], weight: 3 },
  { level: 'WARNING', logger: 'django.security', text: 'Rate limit nearing for API key seyir_{hex} on <endpoint>', tags: ['security'], weight: 2 },
  { level: 'WARNING', logger: 'shop.system', text: 'Disk /dev/sda1 is {pct}% full on <service>', tags: ['infra'], weight: 1 },
  {
    level: 'ERROR',
    logger: 'django.request',
    text: 'Internal Server Error: <endpoint>/{id}',
    tags: ['http', '500'],
    weight: 3,
    exception: { type: 'KeyError', value: "'customer_id'", module: 'builtins' },
    http: 500,
  },
  {
    level: 'ERROR',
    logger: 'shop.payments',
    text: 'Ödeme alınamadı: sipariş {id} (<provider>)',
    tags: ['odeme'],
    weight: 3,
    exception: { type: 'CardDeclinedError', value: 'Kart reddedildi: yetersiz bakiye', module: 'shop.payments.errors' },
  },
  {
    level: 'ERROR',
    logger: 'celery.worker',
    text: 'Task shop.tasks.<task>[{uuid}] raised unexpected: ConnectionError',
    tags: ['celery'],
    weight: 2,
    exception: { type: 'ConnectionError', value: 'Error 111 connecting to redis:6379. Connection refused.', module: 'redis.exceptions' },
  },
  {
    level: 'ERROR',
    logger: 'django.db.backends',
    text: 'duplicate key value violates unique constraint "<table>_pkey"',
    tags: ['db'],
    weight: 2,
    exception: { type: 'IntegrityError', value: 'duplicate key value violates unique constraint', module: 'django.db.utils' },
  },
  {
    level: 'ERROR',
    logger: 'shop.shipping',
    text: 'Kargo takip numarası alınamadı ({city}): zaman aşımı',
    tags: ['kargo'],
    weight: 1,
    exception: { type: 'TimeoutError', value: 'Read timed out. (read timeout=10)', module: 'requests.exceptions' },
  },
  {
    level: 'ERROR',
    logger: 'django.request',
    text: 'Bad Request: <endpoint> invalid amount {amount}',
    tags: ['http', '400'],
    weight: 1,
    exception: { type: 'ValueError', value: 'invalid literal for int() with base 10', module: 'builtins' },
    http: 400,
  },
  {
    level: 'CRITICAL',
    logger: 'shop.db',
    text: 'Veritabanı bağlantı havuzu tükendi (<service>)',
    tags: ['db', 'altyapi'],
    weight: 0.5,
    exception: { type: 'OperationalError', value: 'FATAL: remaining connection slots are reserved', module: 'django.db.utils' },
  },
  // Rare on purpose: the search benchmark looks for its word.
  { level: 'WARNING', logger: 'shop.legacy', text: 'Eski zeytinyağı kampanyası kodu {hex} kullanıldı', tags: ['kampanya'], weight: 0.02 },
];

/** Fills one `{...}` placeholder. */
export function fill(name: string, random: Random): string {
  switch (name) {
    case 'id':
      return String(random.int(1, 999_999));
    case 'ms':
      return String(random.int(3, 2500));
    case 'sec':
      return (random.next() * 4).toFixed(3);
    case 'amount':
      return (random.int(100, 2_500_000) / 100).toFixed(2);
    case 'user':
      return `u${random.int(1, 50_000)}`;
    case 'ip':
      return `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
    case 'pct':
      return String(random.int(1, 99));
    case 'n':
      return String(random.int(1, 5000));
    case 'uuid':
      return random.hex32().slice(0, 8) + '-' + random.hex32().slice(0, 4);
    case 'hex':
      return random.hex32().slice(0, 12);
    case 'city':
      return random.pick(SLOTS.city!);
    default:
      return name;
  }
}

/** A message template compiled into alternating literal parts and fill names, for speed. */
export interface CompiledTemplate {
  parts: string[];
  fills: string[];
}

export function compileTemplate(text: string): CompiledTemplate {
  const parts: string[] = [];
  const fills: string[] = [];
  let rest = text;
  for (let m = /\{(\w+)\}/.exec(rest); m; m = /\{(\w+)\}/.exec(rest)) {
    parts.push(rest.slice(0, m.index));
    fills.push(m[1]!);
    rest = rest.slice(m.index + m[0].length);
  }
  parts.push(rest);
  return { parts, fills };
}

export function render(template: CompiledTemplate, random: Random): string {
  let s = template.parts[0]!;
  for (let i = 0; i < template.fills.length; i++) s += fill(template.fills[i]!, random) + template.parts[i + 1]!;
  return s;
}

/** Resolves a kind's `<slot>`s with one choice each: one group's fixed text. */
export function resolveSlots(text: string, random: Random): string {
  return text.replace(/<(\w+)>/g, (_, slot: string) => random.pick(SLOTS[slot] ?? [slot]));
}

/** A Python traceback and its frames for an exception raised in `module.function`. */
export function pythonTraceback(exception: { type: string; value: string; module: string }, appModule: string, fn: string, random: Random) {
  const appFile = `${appModule.replace(/\./g, '/')}.py`;
  const frames = [
    { filename: 'django/core/handlers/exception.py', module: 'django.core.handlers.exception', function: 'inner', lineno: 55, in_app: false, context_line: 'response = get_response(request)' },
    { filename: 'django/core/handlers/base.py', module: 'django.core.handlers.base', function: '_get_response', lineno: 197, in_app: false, context_line: 'response = wrapped_callback(request, *callback_args, **callback_kwargs)' },
    { filename: 'shop/views.py', module: 'shop.views', function: 'dispatch', lineno: random.int(20, 400), in_app: true, context_line: `return ${fn}(request, **kwargs)` },
    { filename: appFile, module: appModule, function: fn, lineno: random.int(10, 600), in_app: true, context_line: `raise ${exception.type}(${JSON.stringify(exception.value)})` },
  ];
  const traceback =
    'Traceback (most recent call last):\n' +
    frames.map((f) => `  File "/srv/app/${f.filename}", line ${f.lineno}, in ${f.function}\n    ${f.context_line}`).join('\n') +
    `\n${exception.module === 'builtins' ? '' : `${exception.module}.`}${exception.type}: ${exception.value}`;
  return { frames, traceback };
}
