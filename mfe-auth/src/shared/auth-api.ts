/** The auth calls with the response shapes the API answers. */
import { getFile, getJson, postJson, putJson } from '@platzbuchung/ui/api/client';
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

export const downloadAccountData = (signal?: AbortSignal) => getFile('/api/account/export', signal);
