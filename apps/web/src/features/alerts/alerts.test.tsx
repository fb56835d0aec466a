import { screen, waitFor, within } from '@testing-library/react';
import type { AlertDeliveryView, AlertRuleView } from '@seyir/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ownerUser, projectFor, viewerUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { api, server } from '../../test/server';
import AlertsPage from './AlertsPage';

const rule: AlertRuleView = {
  _id: 'a1',
  id: 'a1',
  project_id: 'p1',
  name: 'Ödeme hataları',
  type: 'new_group',
  channels: [
    { type: 'email', to: ['ekip@example.com'] },
    { type: 'webhook', url: 'https://hooks.example.com/seyir', secret: 'gizli-anahtar-1234567890' },
  ],
  conditions: { min_level: 'ERROR', environment: null },
  cooldown_minutes: 30,
  enabled: true,
  muted_until: null,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:00:00Z',
};

const delivery: AlertDeliveryView = {
  id: 'd1',
  kind: 'alert',
  channel: 'webhook',
  target: 'hooks.example.com',
  status: 'failed',
  attempts: 6,
  error: 'Alıcı HTTP 500 ile yanıtladı.',
  title: 'Yeni hata grubu: Ödeme alınamadı',
  created_at: '2026-11-02T10:00:00Z',
  sent_at: null,
};

function mock(role: 'owner' | 'viewer', rules: AlertRuleView[] = [rule]) {
  server.use(
    http.get(api('/projects/p1'), () => HttpResponse.json(projectFor(role))),
    http.get(api('/projects/p1/alerts'), () => HttpResponse.json(rules)),
    http.get(api('/projects/p1/views'), () =>
      HttpResponse.json([
        { id: 'v1', project_id: 'p1', name: 'Ödemeler', query: 'ödeme -test level:>=error', columns: [], created_by: null, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' },
      ]),
    ),
  );
}

/** A rule's action button (its accessible name ends with the rule's name). */
const action = (label: string) => ({ name: new RegExp(`^${label}\\s*: Ödeme hataları$`) });

const renderPage = (as = ownerUser) => renderWithProviders(<AlertsPage />, { route: '/projects/p1/alerts', path: '/projects/:projectId/alerts', signedInAs: as });

describe('AlertsPage', () => {
  it('shows a viewer the rules without any way to change them', async () => {
    mock('viewer');
    renderPage(viewerUser);
    const card = await screen.findByTestId('alert-rule');
    expect(within(card).getByText('Ödeme hataları')).toBeInTheDocument();
    expect(within(card).getByText(/Yeni hata grubu · E-posta: ekip@example.com · Webhook/)).toBeInTheDocument();
    expect(screen.getByText('Uyarı kurallarını yalnızca proje yöneticileri değiştirebilir.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Test/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kural Oluştur' })).not.toBeInTheDocument();
  });

  it('lets an admin create a threshold rule with e-mail and Slack channels', async () => {
    mock('owner', []);
    let body: any = null;
    server.use(
      http.post(api('/projects/p1/alerts'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...rule, id: 'a2', _id: 'a2', name: body.name, type: body.type }, { status: 201 });
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Henüz uyarı kuralı yok.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Kural adı'), 'Hata fırtınası');
    await user.selectOptions(screen.getByLabelText('Tür'), 'threshold');
    await user.clear(screen.getByLabelText('Log sayısı (bundan fazla)'));
    await user.type(screen.getByLabelText('Log sayısı (bundan fazla)'), '50');
    await user.clear(screen.getByLabelText('Süre (dakika)'));
    await user.type(screen.getByLabelText('Süre (dakika)'), '10');
    await user.selectOptions(screen.getByLabelText('Ortam'), 'production');
    // The search speaks the logs screen's query language: a saved view's query fills it as it is.
    await user.selectOptions(await screen.findByLabelText('Kayıtlı görünümden al'), 'Ödemeler');
    expect(screen.getByLabelText('Arama sorgusu (isteğe bağlı, logs ekranındaki sorgu dili)')).toHaveValue('ödeme -test level:>=error');
    await user.type(screen.getByLabelText('E-posta alıcıları'), 'a@example.com, b@example.com');
    await user.type(screen.getByLabelText('Slack webhook adresi'), 'https://hooks.slack.com/services/T/B/C');
    await user.click(screen.getByRole('button', { name: 'Kural Oluştur' }));
    expect(await screen.findByText('Uyarı kuralı oluşturuldu.')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Hata fırtınası',
      type: 'threshold',
      channels: [
        { type: 'email', to: ['a@example.com', 'b@example.com'] },
        { type: 'slack', url: 'https://hooks.slack.com/services/T/B/C' },
      ],
      conditions: { count: 50, minutes: 10, level: 'ERROR', environment: 'production', search: 'ödeme -test level:>=error' },
      cooldown_minutes: 30,
      enabled: true,
    });
  }, 20_000); // much typing: slow on a loaded machine

  it('lets an admin create a latency rule on one of the routes the timings created', async () => {
    mock('owner', []);
    let body: any = null;
    let asked: URLSearchParams | null = null;
    server.use(
      http.get(api('/projects/p1/performance/routes'), ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json({ days: 90, environment: null, percentile_error_bound: 0.01, items: [{ id: '42', method: 'GET', route: '/orders/{id}' }] });
      }),
      http.post(api('/projects/p1/alerts'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...rule, id: 'a3', _id: 'a3', name: body.name, type: body.type, conditions: body.conditions }, { status: 201 });
      }),
    );
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Kural adı'), 'Yavaş siparişler');
    await user.selectOptions(screen.getByLabelText('Tür'), 'latency');
    expect(screen.getByText(/p95 süresi, belirtilen süre boyunca her dakika/)).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Rota' }), 'GET /orders/{id}');
    expect(asked!.get('days')).toBe('90');
    await user.clear(screen.getByLabelText('p95 eşiği (ms, bundan fazla)'));
    await user.type(screen.getByLabelText('p95 eşiği (ms, bundan fazla)'), '800');
    await user.clear(screen.getByLabelText('Süre (dakika, 1–60)'));
    await user.type(screen.getByLabelText('Süre (dakika, 1–60)'), '3');
    await user.type(screen.getByLabelText('E-posta alıcıları'), 'nobet@example.com');
    await user.click(screen.getByRole('button', { name: 'Kural Oluştur' }));
    expect(await screen.findByText('Uyarı kuralı oluşturuldu.')).toBeInTheDocument();
    expect(body).toMatchObject({
      type: 'latency',
      conditions: { route_id: '42', p95_ms: 800, minutes: 3, min_requests: 1, environment: null },
    });
  }, 20_000);

  it("shows the server's Turkish reason when a rule is refused", async () => {
    mock('owner', []);
    server.use(
      http.post(api('/projects/p1/alerts'), () =>
        HttpResponse.json({ detail: 'Adres yerel ya da özel bir ağa işaret ediyor; güvenlik nedeniyle izin verilmiyor.', code: 'VALIDATION_FAILED', fields: {} }, { status: 422 }),
      ),
    );
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Kural adı'), 'İç ağ');
    await user.type(screen.getByLabelText('Webhook adresi'), 'http://10.0.0.5/hook');
    await user.click(screen.getByRole('button', { name: 'Kural Oluştur' }));
    expect(await screen.findByText('Adres yerel ya da özel bir ağa işaret ediyor; güvenlik nedeniyle izin verilmiyor.')).toBeInTheDocument();
  });

  it('sends a test, shows the delivery log and edits a rule keeping its webhook', async () => {
    mock('owner');
    let tested = false;
    let updated: any = null;
    server.use(
      http.post(api('/projects/p1/alerts/a1/test'), () => {
        tested = true;
        return HttpResponse.json({ deliveries: 2 }, { status: 202 });
      }),
      http.get(api('/projects/p1/alerts/a1/deliveries'), () => HttpResponse.json([delivery])),
      http.put(api('/projects/p1/alerts/a1'), async ({ request }) => {
        updated = await request.json();
        return HttpResponse.json({ ...rule, name: updated.name });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', action('Test')));
    expect(await screen.findByText('Test uyarısı gönderim kuyruğuna alındı.')).toBeInTheDocument();
    expect(tested).toBe(true);

    await user.click(screen.getByRole('button', action('Gönderim Kaydı')));
    const row = await screen.findByTestId('delivery-row');
    expect(within(row).getByText('Başarısız')).toBeInTheDocument();
    expect(within(row).getByText('Alıcı HTTP 500 ile yanıtladı.')).toBeInTheDocument();
    expect(within(row).getByText('6')).toBeInTheDocument();

    await user.click(screen.getByRole('button', action('Düzenle')));
    const form = screen.getByRole('region', { name: 'Uyarı Kuralını Düzenle' });
    const name = within(form).getByLabelText('Kural adı');
    expect(name).toHaveValue('Ödeme hataları');
    await user.clear(name);
    await user.type(name, 'Kritik ödeme hataları');
    await user.selectOptions(within(form).getByLabelText('En düşük seviye'), 'CRITICAL');
    expect(within(form).getByLabelText('Webhook gizli anahtarı')).toHaveValue('gizli-anahtar-1234567890');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(updated).not.toBeNull());
    expect(updated).toMatchObject({
      name: 'Kritik ödeme hataları',
      type: 'new_group',
      conditions: { min_level: 'CRITICAL', environment: null },
      channels: [
        { type: 'email', to: ['ekip@example.com'] },
        { type: 'webhook', url: 'https://hooks.example.com/seyir', secret: 'gizli-anahtar-1234567890' },
      ],
    });
    expect(await screen.findByText('Uyarı kuralı güncellendi.')).toBeInTheDocument();
  });

  it('deletes a rule after confirmation', async () => {
    mock('owner');
    let deleted = false;
    server.use(
      http.delete(api('/projects/p1/alerts/a1'), () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', action('Sil')));
    const dialog = await screen.findByRole('alertdialog', { name: 'Uyarı Kuralını Sil' });
    expect(dialog).toHaveTextContent('"Ödeme hataları" kuralını silmek istediğinizden emin misiniz?');
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Uyarı kuralı silindi.')).toBeInTheDocument();
    expect(deleted).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('alert-rule')).not.toBeInTheDocument());
  });
});
