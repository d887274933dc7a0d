/**
 * The stable machine code of every error reply. Clients branch on these, never on the Spanish
 * text, so rewording a message never changes behaviour. A reply without a more specific code
 * carries the one its status gives (`STATUS_CODES`).
 */
export const ERROR_CODES = [
  // by status
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'internal',
  'not_implemented',
  'bad_gateway',
  'unavailable',
  'gateway_timeout',
  // specific
  'validation_failed',
  'csrf_header_missing',
  'attempt_limit_reached',
  'attempt_token_invalid',
  'attempt_completed',
  'attempt_foreign_device',
  'attempt_client_id_taken',
  'round_size_mismatch',
  'round_questions_mismatch',
  'round_not_dealt',
  'answer_changed',
  'round_incomplete',
  'answer_foreign',
  'answer_mismatched',
  'answer_repeated',
  'device_unknown',
  'sync_gap',
  'sync_payload_mismatch',
  'database_unavailable',
  'upload_url_invalid',
  'ai_not_configured',
  'ai_failed',
  'ai_timeout',
  // campaigns
  'campaign_link_exists',
  'campaign_other_company',
  'campaign_has_trivias',
  // integrity: an admin's review of held attempts
  'attempt_not_held',
  // payloads: hostile bodies and uploads
  'json_too_deep',
  'sync_mutation_too_large',
  'upload_url_used',
  'upload_busy',
  // player identity: an attempt needs the player's proof; document checks limited per document and per client; name changes applied by an admin
  'player_proof_invalid',
  'document_rate_limited',
  'document_checks_rate_limited',
  'name_change_applied',
  // public reads: a ranking or export statement over its time limit
  'query_timeout',
  // consent and erasure: a registration without the company's consent, or naming a version it never had; an erasure's confirmation
  'consent_required',
  'consent_version_unknown',
  'player_not_found',
  'erasure_confirmation_mismatch',
  // kiosk setup: a one-time setup link that does not exist (or is for another trivia), was already used, or expired
  'kiosk_setup_unknown',
  'kiosk_setup_used',
  'kiosk_setup_expired',
  // a browser set up as a kiosk asking to sign in to the admin (or to register an account)
  'kiosk_browser',
  // question import: a file that is not CSV/XLSX (by its bytes), too large, with too many rows, without the template's columns, or with no row to import;
  // one that takes longer than its time budget to read, or arrives while the readers are all busy
  'import_file_unsupported',
  'import_file_too_large',
  'import_too_many_rows',
  'import_columns_missing',
  'import_nothing_valid',
  'import_file_too_complex',
  'import_busy',
  // moderation: disqualifying what is already out of the ranking, restoring what is not disqualified
  'already_disqualified',
  'disqualification_not_active',
  // prize draws: fewer eligible entries than prizes; a request that names its own seed
  'draw_not_enough_eligible',
  'draw_seed_not_accepted',
  // one person, one identity: a document number with nothing left once normalised; a merge of players that are not one document
  'document_number_empty',
  'player_merge_invalid',
  // connections: a request whose headers or body arrive too slowly; too many requests of one address in flight at once
  'request_timeout',
  'requests_in_flight_limited',
  // monitoring: a bearer token on GET /metrics that is not the server's METRICS_TOKEN (or any, when none is set)
  'metrics_token_invalid',
  'correct_answer_change_unconfirmed',
  'question_answers_fixed',
  // polls: a question moved between a poll and a scored kind (contract/question-kinds.ts)
  'question_kind_locked',
  // pictures: more pixels or frames than a picture may have, a file libvips cannot read in its time, the processing queue full
  'picture_too_many_pixels',
  'picture_too_many_frames',
  'picture_unreadable',
  'picture_busy',
  // themes: a theme whose title, card text, question, answers or buttons players could not read (contract/theme-contrast.ts)
  'theme_unreadable',
  // accounts: a users' action by someone who is not an owner; the last active owner disabled or removed; a user removed or not active;
  // a one-time account link that does not exist, was used or expired; one of the caller's sessions that is not open, or is this one
  'owner_required',
  'last_owner',
  'user_not_found',
  'user_not_active',
  'account_link_unknown',
  'account_link_used',
  'account_link_expired',
  'session_not_found',
  'current_session',
  // permissions (contract/permissions.ts): an action the caller's role in the company does not allow; a player with data in
  // companies beyond the caller's reach
  'role_forbidden',
  'player_out_of_reach',
  // two-step sign-in: a right password of a user with it on and no code (no session yet); a wrong or used code; a set-up
  // asked while it is on, or confirmed without one pending
  'second_factor_required',
  'second_factor_invalid',
  'second_factor_enabled',
  'second_factor_not_pending',
  // points for speed (contract/points.ts): a trivia scored by points without a clock per question; a change of scoring on a
  // trivia with results (one ranking would mix units)
  'points_need_clock',
  'scoring_locked',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal',
  501: 'not_implemented',
  502: 'bad_gateway',
  503: 'unavailable',
  504: 'gateway_timeout',
};

/** The body of every non-2xx reply. */
export interface ApiErrorBody {
  /** Human text in Spanish (the field older clients read); `message` repeats it. */
  error: string;
  message: string;
  /** What a client branches on. */
  code: ErrorCode;
  details?: string;
  issues?: { path: string; message: string }[];
  /** `sync_gap` and `sync_payload_mismatch` replies: the last mutation id the server holds for the device. */
  lastMutationId?: number;
  /** `correct_answer_change_unconfirmed` replies: the played results whose reading of the question the change turns. */
  affectedResults?: number;
  /** `rate_limited` replies of POST /api/devices: the server's signed note of when this client asked, for its next registration. */
  contactTicket?: string;
}
