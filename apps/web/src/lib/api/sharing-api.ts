import {
  createShareAnswerSchema,
  shareAnswerSchema,
  shareListSchema,
  sharePreviewAnswerSchema,
  sharedWithMeSchema,
  type CreateShareInput,
  type SharePreviewInput,
  type UpdateShareInput,
} from '@fj/contract/sharing';
import { api } from './api-client.ts';

const segment = (id: string) => encodeURIComponent(id.trim());

/** The owner's shares and what others share with this user (docs/behaviour.md#sharing). */
export const sharingApi = {
  mine: async () => (await api.get('/shares', shareListSchema)).data,
  /** What a share of these spots would show, before it is made (the Share dialog). */
  preview: async (input: SharePreviewInput) =>
    (await api.post('/shares/preview', input, sharePreviewAnswerSchema)).data.locations,
  create: async (input: CreateShareInput) =>
    (await api.post('/shares', input, createShareAnswerSchema)).data,
  update: async (id: string, changes: UpdateShareInput) =>
    (await api.patch(`/shares/${segment(id)}`, changes, shareAnswerSchema)).data,
  revoke: (id: string) => api.delete(`/shares/${segment(id)}`),
  withMe: async () => (await api.get('/shared', sharedWithMeSchema)).data,
  /** With the invitation mail's token, or without one once the address is verified. */
  accept: (grantId: string, token?: string) =>
    api.post(`/shared/${segment(grantId)}/accept`, token === undefined ? undefined : { token }),
};
