import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateTimeField } from './DateTimeField';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeField label="Başlangıç" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Temizle
      </button>
    </>
  );
}

describe('DateTimeField', { timeout: 20_000 }, () => {
  it('takes a date typed the Turkish way, and says in Turkish when it cannot read one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Başlangıç');
    expect(input).toHaveAttribute('placeholder', 'gg.aa.yyyy ss:dd');
    await user.type(input, '05.03.2025 14:30');
    expect(screen.getByTestId('value')).toHaveTextContent('2025-03-05T14:30');
    await user.clear(input);
    await user.type(input, '03/05/2025');
    await user.tab();
    expect(screen.getByText('Tarih gg.aa.yyyy ss:dd biçiminde olmalıdır (ör. 05.03.2025 14:30).')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('value')).toHaveTextContent('');
    await user.clear(input);
    await user.type(input, '06.03.2025');
    expect(screen.getByTestId('value')).toHaveTextContent('2025-03-06T00:00');
    // Cleared from outside (the form's Temizle): the typed text goes too.
    await user.click(screen.getByRole('button', { name: 'Temizle' }));
    expect(input).toHaveValue('');
  });

  it('opens a Turkish calendar (months and days in Turkish, weeks from Monday); a picked day keeps the time', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2025-03-05T14:30" />);
    expect(screen.getByLabelText('Başlangıç')).toHaveValue('05.03.2025 14:30');
    await user.click(screen.getByRole('button', { name: 'Başlangıç: takvimi aç' }));
    const calendar = await screen.findByRole('dialog', { name: 'Başlangıç takvimi' });
    const grid = await within(calendar).findByRole('grid');
    expect(grid).toHaveAccessibleName(/Mart 2025/);
    const weekdays = within(grid).getAllByRole('columnheader', { hidden: true }).map((h) => h.getAttribute('aria-label'));
    expect(weekdays[0]).toBe('Pazartesi');
    expect(weekdays[6]).toBe('Pazar');
    await user.click(within(grid).getByRole('button', { name: /10 Mart 2025/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('2025-03-10T14:30');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Başlangıç')).toHaveValue('10.03.2025 14:30');
  });
});
