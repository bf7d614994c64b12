import { Permission } from '@carewatch/contracts/permissions';
import { SOS_RECORDING_MAX_BYTES, ZSosRecording } from '@carewatch/contracts/alerts';
import { defineRoute } from '../../../platform/route.ts';
import { AppError } from '../../../platform/errors.ts';
import { saveSosRecording } from '../sos-recording.service.ts';

export const sosRecordingRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/me/sos/recordings',
  tags: ['alerts'],
  permission: Permission.HealthOwnData,
  status: 201,
  bodyKind: 'multipart',
  summary:
    'Upload a recorded SOS message (multipart `file`: webm, ogg, mp4, wav or mp3 audio checked by content, ≤ 2 MB); send its id as the SOS message',
  response: ZSosRecording,
  handler: async ({ req }, ctx) => {
    const part = await req.file({ limits: { fileSize: SOS_RECORDING_MAX_BYTES + 1 } });
    if (!part) return saveSosRecording(ctx, null);
    const data = await part.toBuffer().catch((e: { code?: string }) => {
      if (e.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
      throw e;
    });
    return saveSosRecording(ctx, part.fieldname === 'file' ? { name: part.filename, data } : null);
  },
});
