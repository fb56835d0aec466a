import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LevelBadge } from '../logs/LevelBadge';
import { GroupsTable } from './GroupsPage';
import { TagList } from './TagList';
import type { LogGroup } from './types';

const now = new Date('2025-03-10T12:00:00Z').getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();

function group(over: Partial<LogGroup>): LogGroup {
  return {
    _id: 'g1',
    sample_message: 'Veritabanı bağlantısı koptu',
    level: 'ERROR',
    environment: 'production',
    tags: [],
    severity: 'normal',
    count: 1234,
    is_recent: false,
    last_seen: ago(30_000),
    first_seen: ago(3 * 86_400_000),
    users_count: 7,
    ...over,
  };
}

describe('TagList', () => {
  it('shows every tag when there are at most three', () => {
    render(<TagList tags={['api', 'db', 'odeme']} />);
    expect(screen.getByText('api')).toBeInTheDocument();
    expect(screen.getByText('odeme')).toBeInTheDocument();
    expect(screen.queryByText(/daha/)).not.toBeInTheDocument();
  });

  it("shows three tags and '+N daha' for the rest", () => {
    render(<TagList tags={['a1', 'b2', 'c3', 'd4', 'e5']} />);
    expect(screen.getByText('a1')).toBeInTheDocument();
    expect(screen.getByText('c3')).toBeInTheDocument();
    expect(screen.queryByText('d4')).not.toBeInTheDocument();
    expect(screen.getByText('+2 daha')).toBeInTheDocument();
  });
});

describe('LevelBadge', () => {
  it.each([
    ['INFO', 'Bilgi'],
    ['warning', 'Uyarı'],
    ['Error', 'Hata'],
    ['CRITICAL', 'Kritik'],
    ['debug', 'Debug'],
  ])('labels %s as %s, case-insensitively', (level, label) => {
    render(<LevelBadge level={level} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('gives unknown and empty levels a neutral badge', () => {
    render(
      <>
        <LevelBadge level="VERBOSE" />
        <LevelBadge level="" />
      </>,
    );
    expect(screen.getByText('VERBOSE')).toHaveAttribute('data-level', 'unknown');
    expect(screen.getByText('—')).toHaveAttribute('data-level', 'unknown');
  });
});

describe('GroupsTable', () => {
  it("writes times relative to now, marks recent groups 'Aktif' and high severity as high priority", () => {
    renderWithProviders(
      <GroupsTable
        now={now}
        projectId="p1"
        groups={[
          group({ _id: 'g1', last_seen: ago(30_000), is_recent: true, severity: 'high', tags: ['a', 'b', 'c', 'd'] }),
          group({ _id: 'g2', last_seen: ago(5 * 60_000), first_seen: ago(2 * 3_600_000) }),
          group({ _id: 'g3', last_seen: ago(3 * 86_400_000), first_seen: '2025-02-01T12:00:00Z' }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('group-row');
    const first = within(rows[0]!);
    expect(first.getByText('Az önce')).toBeInTheDocument();
    expect(first.getByText('Aktif')).toBeInTheDocument();
    expect(first.getByText('Yüksek Öncelik')).toBeInTheDocument();
    expect(first.getByText('+1 daha')).toBeInTheDocument();
    expect(first.getByText('1.234')).toBeInTheDocument();
    expect(first.getByText('Hata')).toBeInTheDocument();
    const second = within(rows[1]!);
    expect(second.getByText('5 dakika önce')).toBeInTheDocument();
    expect(second.getByText('2 saat önce')).toBeInTheDocument();
    expect(second.queryByText('Aktif')).not.toBeInTheDocument();
    expect(second.queryByText('Yüksek Öncelik')).not.toBeInTheDocument();
    const third = within(rows[2]!);
    expect(third.getByText('3 gün önce')).toBeInTheDocument();
    expect(third.getByText(/1 Şubat 2025/)).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Veritabanı bağlantısı koptu' })).toHaveAttribute('href', '/projects/p1/groups/g1');
  });

  it("shows 'Geçersiz tarih' for a date it cannot read", () => {
    renderWithProviders(<GroupsTable now={now} projectId="p1" groups={[group({ last_seen: 'dün' })]} />);
    expect(screen.getByText('Geçersiz tarih')).toBeInTheDocument();
  });
});
