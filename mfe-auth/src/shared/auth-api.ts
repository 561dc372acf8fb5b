/** The auth calls with the response shapes the API answers. */
import { ApiError, deleteJson, getFile, getJson, postJson, putJson } from '@platzbuchung/ui/api/client';
import type { Child, ChildBody } from '@platzbuchung/domain/families/schemas';
import { confirmationTexts } from '@platzbuchung/domain/mail/email-confirmation';
import type { NotificationSettings } from '@platzbuchung/domain/schemas';
import type { Payload } from '@platzbuchung/ui/forms/form-machine';
import type { Club, SessionUser, UserListEntry } from '@platzbuchung/domain/types';

export interface MessageResponse {
  message: string;
}

export const signUp = (payload: Payload) =>
  postJson<MessageResponse & { data: UserListEntry[] }>('/api/signup', payload);

export const registerClub = (payload: Payload) =>
  postJson<MessageResponse & { data: Club[] }>('/api/clubs', payload);

export const login = (payload: Payload) => postJson<SessionUser>('/api/login', payload);

export const forgotPassword = (payload: Payload) =>
  postJson<MessageResponse>('/api/forgot-password', payload);

export const resetPassword = (payload: Payload) => postJson<MessageResponse>('/api/reset-password', payload);

export const fetchNotificationSettings = async (signal?: AbortSignal) =>
  (await getJson<{ data: NotificationSettings }>('/api/account/notifications', signal)).data;

export const saveNotificationSettings = (settings: NotificationSettings) =>
  putJson<MessageResponse & { data: NotificationSettings }>('/api/account/notifications', settings);

export const changeName = (payload: Payload) =>
  putJson<MessageResponse & { data: SessionUser }>('/api/account', payload);

export const changePassword = (payload: Payload) =>
  putJson<MessageResponse>('/api/account/password', payload);

/** The address as it stands after asking to change it: the new one waits for its link. */
export interface EmailChangeAnswer extends MessageResponse {
  data: { email: string; confirmed: boolean; pending_email: string | null };
}

export const changeEmail = (payload: Payload) => putJson<EmailChangeAnswer>('/api/account/email', payload);

export const downloadAccountData = (signal?: AbortSignal) => getFile('/api/account/export', signal);

/** What following a confirmation link came to: the API's German text either way. */
export interface ConfirmationAnswer {
  ok: boolean;
  text: string;
}

/** A refused link is an answer to show, not a failure to retry; only an unreachable server is. */
export async function confirmEmail(token: string, signal?: AbortSignal): Promise<ConfirmationAnswer> {
  // A link without its token (cut off by a mail program) needs no question to the server.
  if (!token) return { ok: false, text: confirmationTexts.linkInvalid };
  try {
    return {
      ok: true,
      text: (await postJson<MessageResponse>('/api/confirm-email', { token }, signal)).message,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.formMessage) {
      return { ok: false, text: error.formMessage };
    }
    throw error;
  }
}

export const fetchEmailState = (signal?: AbortSignal) =>
  getJson<EmailChangeAnswer['data']>('/api/account/email', signal);

export const sendConfirmationLink = () => postJson<MessageResponse>('/api/account/email/confirmation', {});

/** The member's children (docs/who-plays.md, "Families"). */
export const fetchChildren = async (signal?: AbortSignal) =>
  (await getJson<{ data: Child[] }>('/api/account/children', signal)).data;

/** A child's form as sent: a new child without id, the year as typed when it is no number. */
export type ChildRequest = Omit<ChildBody, 'birth_year'> & { id: string | null; birth_year: number | string };

/** Adds a child (no id) or saves one's name and birth year. */
export const saveChild = ({ id, ...child }: ChildRequest) =>
  id === null
    ? postJson<MessageResponse & { data: Child }>('/api/account/children', child)
    : putJson<MessageResponse & { data: Child }>(`/api/account/children/${id}`, child);

export const removeChild = (id: string) => deleteJson<MessageResponse>(`/api/account/children/${id}`);
