import { renderSlackMessage, type AlertMessage } from '@seyir/domain';
import { postJson, type PostOptions } from './post-json.js';

/** Posts an alert to a Slack incoming webhook (`{text, blocks}`). */
export async function sendSlack(channel: { url: string }, message: AlertMessage, options: Omit<PostOptions, 'headers'>): Promise<void> {
  await postJson(channel.url, JSON.stringify(renderSlackMessage(message)), options);
}
