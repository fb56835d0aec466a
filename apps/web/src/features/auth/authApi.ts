import type { ForgotPasswordInput, PasswordChangeInput, ProfileUpdateInput, RegisterInput, ResetPasswordInput, User } from '@seyir/domain';
import { apiSlice } from '../api/apiSlice';

export interface LoginArgs {
  username: string;
  password: string;
  remember_me: boolean;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

export const authApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** Form-encoded, as §7 says. */
    login: builder.mutation<TokenResponse, LoginArgs>({
      query: ({ username, password, remember_me }) => ({
        url: '/auth/login',
        method: 'POST',
        body: new URLSearchParams({ username, password, remember_me: remember_me ? 'true' : 'false' }),
      }),
    }),
    getMe: builder.query<User, void>({
      query: () => '/auth/me',
      providesTags: ['Me'],
    }),
    register: builder.mutation<unknown, RegisterInput>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    updateProfile: builder.mutation<User, ProfileUpdateInput>({
      query: (body) => ({ url: '/auth/me', method: 'PUT', body }),
    }),
    /** The server revokes older sessions and may answer a fresh token, which replaces ours. */
    changePassword: builder.mutation<Partial<TokenResponse> & { detail?: string }, PasswordChangeInput>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
    }),
    deleteAccount: builder.mutation<unknown, { password: string }>({
      query: (body) => ({ url: '/auth/me', method: 'DELETE', body }),
    }),
    /** Same answer whether the address has an account or not. */
    forgotPassword: builder.mutation<{ detail: string }, ForgotPasswordInput>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: builder.mutation<{ detail: string }, ResetPasswordInput>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    logout: builder.mutation<unknown, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
