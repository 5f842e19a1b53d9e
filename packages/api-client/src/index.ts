export { ApiError } from './api-error.ts';
export type { CallInput, CallOutput, FileBody, RequestOptions } from './call.ts';
export { type ApiClient, type ApiClientOptions, createApiClient } from './client.ts';
