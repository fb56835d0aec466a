import { CopyButton } from '../../components/CopyButton';
import { Card } from '../../components/ui';
import { API_KEYS } from '../../messages/app';

const KEY = 'API_ANAHTARINIZ';

/** The snippets of the usage guide, filled in with this server's address. */
export function guideSnippets(origin: string, environment = 'production') {
  return {
    single: `curl -X POST ${origin}/api/ingest/${KEY} \\
  -H "Content-Type: application/json" \\
  -d '{"message": "Ödeme alınamadı", "level": "ERROR", "environment": "${environment}", "context": {"order_id": 42}}'`,
    batch: `curl -X POST ${origin}/api/ingest/${KEY}/batch \\
  -H "Content-Type: application/json" \\
  -d '[{"message": "Kullanıcı giriş yaptı", "level": "INFO", "environment": "${environment}"},
       {"message": "Yavaş sorgu", "level": "WARNING", "environment": "${environment}"}]'`,
    install: 'pip install seyir',
    client: `import logging
import seyir

seyir.init(
    api_key="${KEY}",
    endpoint="${origin}",
    environment="${environment}",
)

logging.getLogger(__name__).error("Ödeme alınamadı", extra={"order_id": 42})`,
    django: `# settings.py
import seyir

seyir.init(api_key="${KEY}", endpoint="${origin}", environment="${environment}")

MIDDLEWARE = ["seyir.integrations.django.SeyirMiddleware", *MIDDLEWARE]`,
    flask: `from flask import Flask
from seyir.integrations.flask import Seyir

app = Flask(__name__)
Seyir(app, api_key="${KEY}", endpoint="${origin}", environment="${environment}")`,
    fastapi: `import seyir
from fastapi import FastAPI
from seyir.integrations.fastapi import SeyirMiddleware

seyir.init(api_key="${KEY}", endpoint="${origin}", environment="${environment}")

app = FastAPI()
app.add_middleware(SeyirMiddleware)`,
  };
}

function Snippet({ title, code }: { title: string; code: string }) {
  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">{title}</h3>
        <CopyButton text={code} aria-label={`${API_KEYS.copySnippet}: ${title}`}>
          {API_KEYS.copySnippet}
        </CopyButton>
      </div>
      <pre tabIndex={0} className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100 dark:bg-black">
        <code>{code}</code>
      </pre>
    </div>
  );
}

export function UsageGuide({ environment }: { environment?: string }) {
  const origin = globalThis.location?.origin ?? '';
  const s = guideSnippets(origin, environment);
  return (
    <Card as="section" aria-labelledby="usage-guide">
      <h2 id="usage-guide" className="text-lg font-semibold text-slate-900 dark:text-white">
        {API_KEYS.guideTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{API_KEYS.guideIntro}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{API_KEYS.guideKeyHint}</p>
      <div className="mt-4 space-y-5">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">{API_KEYS.guideEndpoints}</h3>
        <ul className="list-inside list-disc text-sm break-all text-slate-700 dark:text-slate-300">
          <li><code>POST {origin}/api/ingest/{'{apiKey}'}</code></li>
          <li><code>POST {origin}/api/ingest/{'{apiKey}'}/batch</code></li>
        </ul>
        <Snippet title={API_KEYS.guideSingle} code={s.single} />
        <Snippet title={API_KEYS.guideBatch} code={s.batch} />
        <Snippet title={API_KEYS.guideInstall} code={s.install} />
        <Snippet title={API_KEYS.guideClient} code={s.client} />
        <Snippet title={API_KEYS.guideDjango} code={s.django} />
        <Snippet title={API_KEYS.guideFlask} code={s.flask} />
        <Snippet title={API_KEYS.guideFastapi} code={s.fastapi} />
      </div>
    </Card>
  );
}
