import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import ContactPage from './ContactPage';

describe('ContactPage', () => {
  it('shows every §5 message for an empty form', async () => {
    const { user } = renderWithProviders(<ContactPage />, { route: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('Adınızı girmeniz gerekiyor')).toBeInTheDocument();
    expect(screen.getByText('E-posta adresinizi girmeniz gerekiyor')).toBeInTheDocument();
    expect(screen.getByText('Konu seçmeniz gerekiyor')).toBeInTheDocument();
    expect(screen.getByText('Mesajınızı yazmanız gerekiyor')).toBeInTheDocument();
    expect(screen.getByText('Gizlilik politikasını kabul etmeniz gerekiyor')).toBeInTheDocument();
  });

  it('checks the e-mail pattern and the 10-character minimum', async () => {
    const { user } = renderWithProviders(<ContactPage />, { route: '/contact' });
    await user.type(screen.getByLabelText('E-posta adresiniz'), 'ali@');
    await user.type(screen.getByLabelText('Mesajınız'), 'kısa');
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('Geçerli bir e-posta adresi giriniz')).toBeInTheDocument();
    expect(screen.getByText('Mesajınız en az 10 karakter olmalıdır')).toBeInTheDocument();
  });

  it('sends the message to the server, thanks the user and offers a new message', async () => {
    let sent: unknown = null;
    server.use(
      http.post(api('/contact'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 'c1' }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ContactPage />, { route: '/contact' });
    await user.type(screen.getByLabelText('Adınız'), 'Ali Veli');
    await user.type(screen.getByLabelText('E-posta adresiniz'), 'ali@example.com');
    await user.selectOptions(screen.getByLabelText('Konu'), 'sales');
    await user.type(screen.getByLabelText('Mesajınız'), 'Kurumsal sürüm hakkında bilgi almak istiyorum.');
    await user.click(screen.getByLabelText('Gizlilik politikasını okudum ve kabul ediyorum.'));
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByRole('heading', { name: 'Teşekkürler!' })).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Ali Veli', email: 'ali@example.com', subject: 'sales', message: 'Kurumsal sürüm hakkında bilgi almak istiyorum.', privacy: true });
    expect(screen.getAllByText('Mesajınız başarıyla gönderildi. En kısa sürede size geri dönüş yapacağız.').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Yeni Mesaj Gönder' }));
    expect(screen.getByLabelText('Adınız')).toHaveValue('');
  });
});
