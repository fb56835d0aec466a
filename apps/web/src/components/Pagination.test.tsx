import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  it('shows an exact total and stops at its end', () => {
    render(<Pagination skip={950} limit={50} total={1000} shown={50} onChange={() => undefined} />);
    expect(screen.getByText('951–1000 / 1.000')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sonraki' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks a capped searched total as a lower bound and lets the user page past it', async () => {
    const onChange = vi.fn();
    render(<Pagination skip={950} limit={50} total={1000} totalIsEstimate shown={50} onChange={onChange} />);
    expect(screen.getByText('951–1000 / 1.000+')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki' }));
    expect(onChange).toHaveBeenCalledWith(1000);
  });
});
