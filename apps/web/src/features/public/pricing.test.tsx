import { screen } from '@testing-library/react';
import { getPlanTable } from '@seyir/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ownerUser } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import FeaturesPage from './FeaturesPage';
import PricingPage from './PricingPage';

const faqTable = { preset: 'faq', beta: true, plans: getPlanTable('faq') };

describe('PricingPage and FAQ read one plan table', () => {
  it("shows the beta banner, 'Ücretsiz' for 0, '{price} ₺' with '/ay', and 'En Popüler'", async () => {
    server.use(http.get(api('/plans'), () => HttpResponse.json({ preset: 'pricing', beta: true, plans: getPlanTable('pricing') })));
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    expect(screen.getByText('Şu an tamamen ücretsiz!')).toBeInTheDocument();
    expect(await screen.findByText('99 ₺')).toBeInTheDocument();
    expect(screen.getByText('199 ₺')).toBeInTheDocument();
    expect(screen.getAllByText('/ay')).toHaveLength(2);
    expect(screen.getAllByText('Ücretsiz').length).toBeGreaterThan(0);
    expect(screen.getAllByText('En Popüler')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Standart Plana Geçin' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Özellikleri Keşfedin' })).toHaveAttribute('href', '/features');
  });

  it('shows every plan free in beta, with the table price struck through', async () => {
    server.use(http.get(api('/plans'), () => HttpResponse.json({ preset: 'pricing', beta: true, plans: getPlanTable({ beta: true }) })));
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    expect(screen.getByText('Şu an tamamen ücretsiz!')).toBeInTheDocument();
    expect(await screen.findByLabelText('Beta sonrası fiyat: 99 ₺ / ay')).toBeInTheDocument();
    expect(screen.getByLabelText('Beta sonrası fiyat: 199 ₺ / ay')).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(3);
    for (const card of cards) expect(card).toHaveTextContent('Ücretsiz');
  });

  it('sends signed-in users to the dashboard', async () => {
    server.use(http.get(api('/plans'), () => HttpResponse.json({ preset: 'pricing', beta: false, plans: getPlanTable('pricing') })));
    renderWithProviders(<PricingPage />, { route: '/pricing', signedInAs: ownerUser });
    expect(await screen.findByRole('link', { name: 'Standart Plana Geçin' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('Şu an tamamen ücretsiz!')).not.toBeInTheDocument();
  });

  it("answers the FAQ's free-tier question from the same table", async () => {
    server.use(http.get(api('/plans'), () => HttpResponse.json(faqTable)));
    renderWithProviders(<FeaturesPage />, { route: '/features' });
    expect(await screen.findByText('Ücretsiz plan ayda 10.000 log ve 3 gün saklama süresi sunar. Kredi kartı gerekmez.')).toBeInTheDocument();
  });
});
