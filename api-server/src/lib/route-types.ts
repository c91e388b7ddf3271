import type { operations } from '@cityquest/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UploadedFile } from '../plugins/multipart.ts';

/** Handlers are keyed by the spec's operationId, and typed from the generated contract. */
export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];

type Content<R, Type extends string> = R extends { content: infer C }
  ? Type extends keyof C
    ? C[Type]
    : never
  : never;

export type JsonBody<K extends OperationId> =
  Op<K> extends { requestBody?: infer RB } ? Content<NonNullable<RB>, 'application/json'> : never;

type MultipartBody<K extends OperationId> =
  Op<K> extends { requestBody?: infer RB } ? Content<NonNullable<RB>, 'multipart/form-data'> : never;

/** The contract's file fields (format: binary) are generated as Blob or Blob[]. */
type FileKey<T, P extends keyof T> = NonNullable<T[P]> extends Blob | Blob[] ? P : never;

/** A multipart body's text fields, as plugins/multipart.ts leaves them in request.body (validated, numbers coerced). */
export type MultipartFields<K extends OperationId> = {
  [P in keyof MultipartBody<K> as Exclude<P, FileKey<MultipartBody<K>, P>>]: MultipartBody<K>[P];
};

/** A multipart body's file fields, as plugins/multipart.ts leaves them in request.uploads (required ones present). */
export type MultipartFiles<K extends OperationId> = {
  [P in keyof MultipartBody<K> as FileKey<MultipartBody<K>, P>]: UploadedFile[];
};

/** The JSON body, or a multipart body's text fields (its files are in request.uploads). */
type RequestBody<K extends OperationId> = [MultipartBody<K>] extends [never]
  ? JsonBody<K>
  : MultipartFields<K>;
type Uploads<K extends OperationId> = [MultipartBody<K>] extends [never]
  ? unknown
  : { uploads: MultipartFiles<K> };

export type PathParams<K extends OperationId> = NonNullable<Op<K>['parameters']['path']>;
export type QueryParams<K extends OperationId> = NonNullable<Op<K>['parameters']['query']>;

type Responses<K extends OperationId> = Op<K>['responses'];
export type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201>;
export type ResponseData<K extends OperationId> =
  Content<Responses<K>[SuccessStatus<K>], 'application/json'> extends { data: infer D } ? D : never;

export type ApiRequest<K extends OperationId> = FastifyRequest<{
  Body: RequestBody<K>;
  Params: PathParams<K>;
  Querystring: QueryParams<K>;
}> &
  Uploads<K>;

export type Ok<K extends OperationId> = {
  statusCode?: SuccessStatus<K>;
  message: string;
  data: ResponseData<K>;
};

export type Handler<K extends OperationId> = (request: ApiRequest<K>, reply: FastifyReply) => Promise<Ok<K>>;

export type Handlers = { [K in OperationId]?: Handler<K> };
