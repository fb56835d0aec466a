import { canManageMembers, PROJECT_ROLES, type ProjectRole, type TeamMember } from '@seyir/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Alert, Badge, Button, Card, cx, EmptyState, PageHeader, PageSpinner, SelectField, Spinner, TextField } from '../../components/ui';
import { COMMON, NAV, TEAM_MESSAGES } from '../../messages';
import { TEAM } from '../../messages/app';
import { errorDetail, errorText } from '../api/errors';
import { selectCurrentUser } from '../auth/authSlice';
import { standingIn, useGetProjectQuery } from '../projects/projectsApi';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { resultId, useAddMemberMutation, useGetMembersQuery, useRemoveMemberMutation, useSearchUsersQuery, type UserSearchResult } from './teamApi';

/** §5: search runs from 2 characters on. */
export const SEARCH_MIN_CHARS = 2;

function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

export function AddMemberPanel({ projectId, members, onDone }: { projectId: string; members: TeamMember[]; onDone(): void }) {
  const dispatch = useAppDispatch();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<UserSearchResult | null>(null);
  const [role, setRole] = useState<ProjectRole>('viewer');
  const [problem, setProblem] = useState<string | null>(null);
  const debounced = useDebounced(query.trim());
  const tooShort = query.trim().length < SEARCH_MIN_CHARS;
  const search = useSearchUsersQuery(debounced, { skip: debounced.length < SEARCH_MIN_CHARS || tooShort });
  const [addMember, { isLoading }] = useAddMemberMutation();

  const memberIds = new Set(members.map((m) => m.user_id));
  const results = tooShort ? [] : (search.data ?? []).filter((u) => !memberIds.has(resultId(u) ?? ''));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!selected) return setProblem(TEAM_MESSAGES.selectUser);
    const userId = resultId(selected);
    if (!userId) return setProblem(TEAM_MESSAGES.userIdUnknown);
    setProblem(null);
    try {
      await addMember({ projectId, user_id: userId, role }).unwrap();
      dispatch(toastSuccess(TEAM.added));
      onDone();
    } catch (error) {
      const message = errorText(error) ?? TEAM_MESSAGES.addFailed;
      setProblem(message);
      dispatch(toastError(message));
    }
  };

  return (
    <Card as="section" aria-labelledby="add-member" className="mb-6">
      <h2 id="add-member" className="mb-3 font-semibold text-slate-900 dark:text-white">
        {TEAM.addTitle}
      </h2>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField
          label={TEAM.searchLabel}
          type="search"
          placeholder={TEAM.searchPlaceholder}
          value={query}
          autoComplete="off"
          onChange={(e) => {
            setQuery(e.target.value);
            setSelected(null);
          }}
        />
        <div aria-live="polite">
          {tooShort ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{TEAM_MESSAGES.searchMin}</p>
          ) : search.isFetching || debounced !== query.trim() ? (
            <Spinner small label={TEAM.searching} />
          ) : search.isError ? (
            <Alert tone="error">{errorDetail(search.error) ?? TEAM_MESSAGES.searchFailed}</Alert>
          ) : results.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{TEAM_MESSAGES.noMatch}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-700" aria-label={TEAM.searchLabel}>
              {results.map((u) => {
                const isSelected = selected !== null && resultId(selected) === resultId(u);
                return (
                  <li key={resultId(u) ?? u.username}>
                    <button
                      type="button"
                      aria-pressed={isSelected}
                      onClick={() => setSelected(u)}
                      className={cx('flex w-full flex-col px-3 py-2 text-left text-sm sm:flex-row sm:justify-between', isSelected ? 'bg-indigo-50 dark:bg-indigo-950' : 'hover:bg-slate-50 dark:hover:bg-slate-800')}
                    >
                      <span className="font-medium text-slate-900 dark:text-slate-100">{u.username}</span>
                      <span className="text-slate-600 dark:text-slate-400">{u.email}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {selected && <p className="text-sm text-slate-700 dark:text-slate-300">{TEAM.selected(selected.username)}</p>}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="sm:w-60">
            <SelectField label={TEAM.role} value={role} onChange={(e) => setRole(e.target.value as ProjectRole)}>
              {PROJECT_ROLES.map((r) => (
                <option key={r} value={r}>
                  {TEAM.roles[r]}
                </option>
              ))}
            </SelectField>
          </div>
          <Button type="submit" loading={isLoading} loadingText={TEAM.adding}>
            {TEAM.add}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            {COMMON.cancel}
          </Button>
        </div>
        {problem && <Alert tone="error">{problem}</Alert>}
        <p className="text-xs text-slate-500 dark:text-slate-400">{TEAM.rolesHelp}</p>
      </form>
    </Card>
  );
}

export function MembersTable({ projectId, members, canManage, currentUserId }: { projectId: string; members: TeamMember[]; canManage: boolean; currentUserId: string | undefined }) {
  const dispatch = useAppDispatch();
  const [removeMember] = useRemoveMemberMutation();
  const onRemove = async (m: TeamMember) => {
    if (!window.confirm(TEAM.removeConfirm(m.username))) return;
    try {
      await removeMember({ projectId, userId: m.user_id }).unwrap();
      dispatch(toastSuccess(TEAM_MESSAGES.removed));
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? TEAM_MESSAGES.removeFailed));
    }
  };
  return (
    <div role="region" aria-label={TEAM.title} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className="sr-only">{TEAM.title}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2">{TEAM.username}</th>
            <th scope="col" className="hidden px-3 py-2 sm:table-cell">{TEAM.email}</th>
            <th scope="col" className="px-3 py-2">{TEAM.role}</th>
            {canManage && <th scope="col" className="px-3 py-2">{TEAM.actions}</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {members.map((m) => {
            const isSelf = m.user_id === currentUserId;
            return (
              <tr key={m.user_id} data-testid="member-row">
                <td className="px-3 py-2 font-medium text-slate-900 dark:text-slate-100">
                  {m.username} {isSelf && <span className="font-normal text-slate-500 dark:text-slate-400">{TEAM.you}</span>}
                  <span className="block text-xs font-normal text-slate-500 sm:hidden dark:text-slate-400">{m.email}</span>
                </td>
                <td className="hidden px-3 py-2 text-slate-600 sm:table-cell dark:text-slate-300">{m.email}</td>
                <td className="px-3 py-2">
                  {m.is_owner ? <Badge className="bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100">{TEAM.owner}</Badge> : <Badge>{TEAM.roles[m.role] ?? m.role}</Badge>}
                </td>
                {canManage && (
                  <td className="px-3 py-2">
                    {!m.is_owner && !isSelf && (
                      <Button size="sm" variant="danger" onClick={() => void onRemove(m)} aria-label={TEAM.removeLabel(m.username)}>
                        {TEAM.remove}
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export default function SettingsPage() {
  const { projectId = '' } = useParams();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { data: project } = useGetProjectQuery(projectId, { skip: !user });
  const { data: members, isLoading, isError } = useGetMembersQuery(projectId, { skip: !user });
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (isError) dispatch(toastError(TEAM_MESSAGES.loadFailed));
  }, [isError, dispatch]);

  if (!user) {
    return (
      <EmptyState title={TEAM.loginPrompt}>
        <Link to="/login" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {NAV.login}
        </Link>
      </EmptyState>
    );
  }
  const canManage = canManageMembers(standingIn(project, user));
  const list = members ?? [];
  return (
    <>
      <PageHeader
        title={TEAM.title}
        subtitle={project ? `${project.name} · ${TEAM.subtitle}` : TEAM.subtitle}
        actions={canManage && !adding ? <Button onClick={() => setAdding(true)}>{TEAM.addMember}</Button> : undefined}
      />
      {canManage && adding && <AddMemberPanel projectId={projectId} members={list} onDone={() => setAdding(false)} />}
      {isLoading ? <PageSpinner /> : list.length > 0 ? <MembersTable projectId={projectId} members={list} canManage={canManage} currentUserId={user.id ?? user._id} /> : <EmptyState title={TEAM.empty} />}
    </>
  );
}
