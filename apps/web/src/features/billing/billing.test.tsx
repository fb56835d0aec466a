import { act, screen, waitFor, within } from '@testing-library/react';
import { getPlan, getPlanTable, OVERAGE_RULE, PRO_RATA_RULE } from '@seyir/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ownerUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { api, server } from '../../test/server';
import { PlanSection } from './PlanSection';
import { UsagePanel } from './UsagePanel';

const plansTable = (beta: boolean) => http.get(api('/plans'), () => HttpResponse.json({ preset: 'pricing', beta, plans: getPlanTable({ beta }) }));

function quote(over: Record<string, unknown> = {}) {
  return {
    from_plan: 'free', to_plan: 'standard', from_price: 0, to_price: 99, beta: false,
    days_in_month: 31, days_remaining: 17, amount_kurus: 5429, amount_text: '54,29 ₺', kind: 'charge', rule: PRO_RATA_RULE, ...over,
  };
}

describe('PlanSection', () => {
  it('shows the pro-rata quote before confirming, then changes the plan with the amount shown', async () => {
    let plan = 'free';
    let posted: unknown;
    server.use(
      plansTable(false),
      http.get(api('/users/me/plan'), () => HttpResponse.json({ plan: getPlan(plan as 'free'), beta: false, changes: [] })),
      http.get(api('/users/me/plan/quote'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('plan')).toBe('standard');
        return HttpResponse.json(quote());
      }),
      http.post(api('/users/me/plan'), async ({ request }) => {
        posted = await request.json();
        plan = 'standard';
        return HttpResponse.json({ ...quote(), changed_at: '2026-01-15T09:00:00Z' });
      }),
    );
    const { user } = renderWithProviders(<PlanSection />, { signedInAs: ownerUser });
    expect(await screen.findByText('Ücretsiz')).toBeInTheDocument();
    expect(screen.getByText('1 proje · Aylık 50.000 log · 7 gün saklama')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Geçmek istediğiniz plan'), 'standard');
    expect(posted).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Fiyatı Hesapla' }));
    const summary = await screen.findByRole('region', { name: 'Plan değişikliği özeti' });
    expect(summary).toHaveTextContent('Ayın kalanı için ödenecek tutar: 54,29 ₺');
    expect(summary).toHaveTextContent('Ayın 31 gününden 17 günü kaldı (bugün dahil).');
    expect(summary).toHaveTextContent('en yakın kuruşa yuvarlanır');
    expect(posted).toBeUndefined();

    await user.click(within(summary).getByRole('button', { name: 'Onayla ve Planı Değiştir' }));
    await waitFor(() => expect(posted).toEqual({ plan: 'standard', expected_amount_kurus: 5429 }));
    expect(await screen.findByText('Planınız Standart olarak değiştirildi.')).toBeInTheDocument();
    expect(await screen.findByText('5 proje · Aylık 500.000 log · 30 gün saklama')).toBeInTheDocument();
  });

  it('shows a downgrade as a credit, and the server’s reason when the change is refused', async () => {
    server.use(
      plansTable(false),
      http.get(api('/users/me/plan'), () => HttpResponse.json({ plan: getPlan('professional'), beta: false, changes: [
        { from_plan: 'free', to_plan: 'professional', amount_kurus: 10913, amount_text: '109,13 ₺', kind: 'charge', created_at: '2026-03-15T10:00:00Z' },
      ] })),
      http.get(api('/users/me/plan/quote'), () => HttpResponse.json(quote({ from_plan: 'professional', amount_kurus: -5484, amount_text: '54,84 ₺', kind: 'credit' }))),
      http.post(api('/users/me/plan'), () => HttpResponse.json({ detail: 'Fiyat teklifi değişti (gün ya da plan değişmiş olabilir). Lütfen yeni teklifi inceleyip tekrar onaylayın.', code: 'CONFLICT' }, { status: 409 })),
    );
    const { user } = renderWithProviders(<PlanSection />, { signedInAs: ownerUser });
    expect(await screen.findByText(/Ücretsiz → Profesyonel · 109,13 ₺/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Geçmek istediğiniz plan'), 'standard');
    await user.click(screen.getByRole('button', { name: 'Fiyatı Hesapla' }));
    expect(await screen.findByText('Ayın kalanı için hesabınıza alacak: 54,84 ₺')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Onayla ve Planı Değiştir' }));
    expect(await screen.findByText(/Fiyat teklifi değişti/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Plan değişikliği özeti' })).not.toBeInTheDocument();
  });

  it('says plan changes cost nothing in beta', async () => {
    server.use(
      plansTable(true),
      http.get(api('/users/me/plan'), () => HttpResponse.json({ plan: getPlan('free', { beta: true }), beta: true, changes: [] })),
      http.get(api('/users/me/plan/quote'), () => HttpResponse.json(quote({ amount_kurus: 0, amount_text: '0,00 ₺', kind: 'none', beta: true, to_price: 0 }))),
    );
    const { user } = renderWithProviders(<PlanSection />, { signedInAs: ownerUser });
    expect(await screen.findByText('Beta süresince tüm planlar ücretsiz; plan değişikliği bir şey tutmaz.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Geçmek istediğiniz plan'), 'professional');
    await user.click(screen.getByRole('button', { name: 'Fiyatı Hesapla' }));
    expect(await screen.findByText('Bu değişiklik için bir ücret veya alacak oluşmaz.')).toBeInTheDocument();
  });
});

describe('UsagePanel', () => {
  it("shows this month's logs, the quota, overage logs, the fee and its rule", async () => {
    server.use(
      http.get(api('/users/me/usage'), () =>
        HttpResponse.json({ month: '2026-05-01', plan: 'free', logs: 60_001, quota: 50_000, overageLogs: 10_001, overageFee: 20, percentUsed: 120, rule: OVERAGE_RULE }),
      ),
    );
    renderWithProviders(<UsagePanel />, { signedInAs: ownerUser });
    expect(await screen.findByText('60.001')).toBeInTheDocument();
    expect(screen.getByText('50.000')).toBeInTheDocument();
    expect(screen.getByText('10.001')).toBeInTheDocument();
    expect(screen.getByText('20 ₺')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Kotanın %120 kullanıldı')).toBeInTheDocument();
    expect(screen.getByText(OVERAGE_RULE)).toBeInTheDocument();
  });

  it('re-reads the usage when the server pushes a newer count (usage:updated)', async () => {
    let logs = 1200;
    server.use(
      http.get(api('/users/me/usage'), () =>
        HttpResponse.json({ month: '2026-05-01', plan: 'free', logs, quota: 50_000, overageLogs: 0, overageFee: 0, percentUsed: Math.floor((logs / 50_000) * 100), rule: OVERAGE_RULE }),
      ),
    );
    const { live } = renderWithProviders(<UsagePanel />, { signedInAs: ownerUser });
    expect(await screen.findByText('1.200')).toBeInTheDocument();
    logs = 45_000;
    act(() => live.emit('usage:updated', { user_id: ownerUser._id, month: '2026-05-01', logs, quota: 50_000, percent_used: 90, over_quota: false }));
    expect(await screen.findByText('45.000')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
  });

  it('says so when usage cannot be loaded', async () => {
    server.use(http.get(api('/users/me/usage'), () => HttpResponse.json({ detail: 'x' }, { status: 500 })));
    renderWithProviders(<UsagePanel />, { signedInAs: ownerUser });
    expect(await screen.findByText('Kullanım bilgileri yüklenirken bir hata oluştu.')).toBeInTheDocument();
  });
});
