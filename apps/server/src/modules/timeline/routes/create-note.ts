import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams } from '@carewatch/contracts/common';
import { ZPatientNote, ZPatientNoteInput } from '@carewatch/contracts/timeline';
import { defineRoute } from '../../../platform/route.ts';
import { createNote } from '../notes.service.ts';

export const createPatientNoteRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/patients/:id/notes',
  tags: ['timeline'],
  permission: Permission.HealthRecordManage,
  status: 201,
  summary: 'Write a note on a patient (1 to 4000 characters), attributed to the signed-in clinician and audited',
  params: ZIdParams,
  body: ZPatientNoteInput,
  response: ZPatientNote,
  operationId: 'createPatientNote',
  handler: async ({ params, body }, ctx) => createNote(ctx, params.id, body),
});
