export { ApiError } from './api-error.ts';
export { type ApiClient, type ApiClientOptions, createApiClient, type RequestOptions } from './client.ts';
