/** Tables of shares (docs/behaviour.md#sharing); `schema.ts` gathers them into `Database`. */
/** A share of some of the owner's spots (docs/behaviour.md#sharing). */
export interface SharesTable {
  id: string;
  user_id: string;
  /** SHA-256 (base64url) of a link share's token; null for an e-mail share. */
  token_hash: string | null;
  /** Keys the share's opaque ids (HMAC of the real id). */
  secret: string;
  precision: string;
  dates: string;
  include_finds: number;
  include_notes: number;
  include_photos: number;
  /** Raised by every change of the share: projections of an older version are computed again. */
  version: number;
  expires_at: string;
  created_at: string;
  last_used_at: string | null;
  use_count: number;
  revoked_at: string | null;
}

/** A spot of a share, and the projection computed for it (null until first read). */
export interface ShareLocationsTable {
  share_id: string;
  location_id: string;
  /** JSON of the SharedLocation a viewer receives. */
  projection: string | null;
  /** JSON: opaque photo id → the real photo id, for the share's photo routes. */
  photo_keys: string | null;
  projected_version: number | null;
  /** The location's revision the projection was computed from (bigint: read with Number()). */
  projected_revision: number | null;
}

/** The invitation of an e-mail share: pending until the invitee accepts it. */
export interface ShareGrantsTable {
  id: string;
  share_id: string;
  /** Lower-cased. */
  email: string;
  /** Set when accepted. */
  user_id: string | null;
  status: 'pending' | 'accepted';
  /** SHA-256 (base64url) of the token in the invitation mail; null before migration 0011. */
  claim_hash: string | null;
}
