export { ApiError } from './api-error.ts';
export {
  apiErrorOf,
  type CallHeaders,
  type CallInput,
  type CallOutput,
  type FileBody,
  type LateCheck,
  type RequestOptions,
} from './call.ts';
export { type ApiClient, type ApiClientOptions, createApiClient } from './client.ts';
export { loadContracts } from './contracts.ts';
