import type { AlertRuleRow } from '@seyir/db';
import type { AlertDeps } from './alert-deps.js';
import { baseMessage } from './build-alert-message.js';
import { recordDeliveries } from './plan-deliveries.js';

/** Records a sample alert on every channel of the rule ('Test' button); answers the delivery ids. */
export async function recordTestAlert(deps: AlertDeps, rule: AlertRuleRow, project: { id: string; name: string }): Promise<string[]> {
  const now = deps.now().toISOString();
  const message = await baseMessage(deps, rule, project, 'test', `Test uyarısı: ${rule.name}`, `/projects/${project.id}/groups`);
  return recordDeliveries(deps.sql, rule, {
    ...message,
    group: {
      id: '00000000-0000-0000-0000-000000000000',
      sampleMessage: 'Bu bir test uyarısıdır: kanalınız Seyir uyarılarını alabiliyor.',
      level: 'ERROR',
      environments: ['production'],
      count: 1,
      firstSeen: now,
      lastSeen: now,
      exception: { type: 'SeyirTestError', value: 'Örnek istisna', stack: 'Traceback (most recent call last):\n  File "app.py", line 1, in <module>\nSeyirTestError: Örnek istisna' },
      link: `${deps.settings.publicUrl}/projects/${project.id}/groups`,
    },
  });
}
