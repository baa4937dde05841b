import { shareListSchema, sharedWithMeSchema } from '@fj/contract/sharing';
import { api } from './api-client.ts';

const segment = (id: string) => encodeURIComponent(id.trim());

/** The owner's shares and what others share with this user (docs/behaviour.md#sharing). */
export const sharingApi = {
  mine: async () => (await api.get('/shares', shareListSchema)).data,
  revoke: (id: string) => api.delete(`/shares/${segment(id)}`),
  withMe: async () => (await api.get('/shared', sharedWithMeSchema)).data,
  accept: (grantId: string) => api.post(`/shared/${segment(grantId)}/accept`),
};
