/** The auth calls with the response shapes the API answers. */
import { postJson } from '@platzbuchung/ui/api/client';
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
