import type { Project, User } from '@seyir/domain';

export const ownerUser: User = {
  _id: 'u-owner',
  id: 'u-owner',
  username: 'ayse',
  email: 'ayse@example.com',
  first_name: 'Ayşe',
  last_name: 'Yılmaz',
  is_admin: false,
  created_at: '2025-01-01T00:00:00Z',
};

export const viewerUser: User = { ...ownerUser, _id: 'u-viewer', id: 'u-viewer', username: 'mehmet', email: 'mehmet@example.com', first_name: '' };
export const adminMemberUser: User = { ...ownerUser, _id: 'u-admin', id: 'u-admin', username: 'zeynep', email: 'zeynep@example.com' };
export const globalAdminUser: User = { ...ownerUser, _id: 'u-root', id: 'u-root', username: 'root', email: 'root@example.com', is_admin: true };

export function projectFor(myRole: Project['my_role']): Project {
  return {
    _id: 'p1',
    id: 'p1',
    name: 'Ödeme Servisi',
    environments: ['production', 'staging', 'development'],
    created_at: '2025-02-01T10:00:00Z',
    owner_id: 'u-owner',
    my_role: myRole,
    team_members: [
      { user_id: 'u-owner', username: 'ayse', email: 'ayse@example.com', role: 'admin', is_owner: true },
      { user_id: 'u-viewer', username: 'mehmet', email: 'mehmet@example.com', role: 'viewer', is_owner: false },
      { user_id: 'u-admin', username: 'zeynep', email: 'zeynep@example.com', role: 'admin', is_owner: false },
    ],
  };
}
