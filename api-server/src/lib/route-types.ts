import type { operations } from '@cityquest/openapi';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

export type MultipartFields<K extends OperationId> =
  Op<K> extends { requestBody?: infer RB } ? Content<NonNullable<RB>, 'multipart/form-data'> : never;

export type PathParams<K extends OperationId> = NonNullable<Op<K>['parameters']['path']>;
export type QueryParams<K extends OperationId> = NonNullable<Op<K>['parameters']['query']>;

type Responses<K extends OperationId> = Op<K>['responses'];
export type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201>;
export type ResponseData<K extends OperationId> =
  Content<Responses<K>[SuccessStatus<K>], 'application/json'> extends { data: infer D } ? D : never;

export type ApiRequest<K extends OperationId> = FastifyRequest<{
  Body: JsonBody<K>;
  Params: PathParams<K>;
  Querystring: QueryParams<K>;
}>;

export type Ok<K extends OperationId> = {
  statusCode?: SuccessStatus<K>;
  message: string;
  data: ResponseData<K>;
};

export type Handler<K extends OperationId> = (request: ApiRequest<K>, reply: FastifyReply) => Promise<Ok<K>>;

export type Handlers = { [K in OperationId]?: Handler<K> };
