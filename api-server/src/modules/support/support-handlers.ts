import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { recordQuotaEvent } from '../../plugins/quota-events.ts';
import * as support from './support-service.ts';

export function supportHandlers(ctx: AppContext) {
  return {
    async sendContactMessage(request) {
      const reporterId = await support.optionalReporterId(ctx, request);
      const sender = { reporterId, clientAddress: clientAddress(request) };
      const id = await support.sendContactMessage(ctx, request.body, sender);
      await recordQuotaEvent(ctx.db, 'contact-messages', sender.clientAddress);
      return {
        statusCode: 201,
        message: "Thank you for your message! We'll get back to you soon.",
        data: { _id: id },
      };
    },
    async sendFeedback(request) {
      const { user } = currentAuth(request);
      const address = clientAddress(request);
      const id = await support.sendFeedback(ctx, request.body, { ...user, clientAddress: address });
      await recordQuotaEvent(ctx.db, 'feedback', user.id);
      return { statusCode: 201, message: 'Thank you for your feedback!', data: { _id: id } };
    },
    async reportBug(request) {
      const reporterId = await support.optionalReporterId(ctx, request);
      const sender = { reporterId, clientAddress: clientAddress(request) };
      const id = await support.reportBug(
        ctx,
        { ...request.body, attachments: request.uploads.attachments ?? [] },
        sender,
      );
      await recordQuotaEvent(ctx.db, 'bug-reports', sender.clientAddress);
      return {
        statusCode: 201,
        message: 'Bug report submitted successfully! Thank you for helping us improve the product.',
        data: { _id: id },
      };
    },
  } satisfies Handlers;
}
