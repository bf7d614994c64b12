import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams } from '@carewatch/contracts/common';
import { ZPatientNoteList } from '@carewatch/contracts/timeline';
import { defineRoute } from '../../../platform/route.ts';
import { listNotes } from '../notes.service.ts';

export const listPatientNotesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/patients/:id/notes',
  tags: ['timeline'],
  permission: Permission.HealthView,
  summary: "Clinicians' notes on a patient, newest first (at most 200), each with its author",
  params: ZIdParams,
  response: ZPatientNoteList,
  operationId: 'listPatientNotes',
  handler: async ({ params }, ctx) => listNotes(ctx, params.id),
});
