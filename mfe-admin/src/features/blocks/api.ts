/** Court blocks: the ones in a window, the preview of a new one, closing courts and lifting a block. */
import type { Block } from '@platzbuchung/domain/blocks/blocks';
import type { BlockCourtsBody } from '@platzbuchung/domain/blocks/schemas';
import { deleteJson, getJson, postJson } from '@platzbuchung/ui/api/client';
import { clubQuery } from '../../shared/admin-api';

/** One booking a block would cancel, as the preview lists it. */
export interface AffectedBooking {
  reservation_id: string;
  court_num: string;
  date: string;
  start_time: number;
  end_time: number;
  label: string | null;
  recurring: boolean;
  holder: { _id: string; first_name: string; last_name: string } | null;
}

export type BlockRequest = Omit<BlockCourtsBody, 'preview'>;

/** The blocks touching the days from `from` to `to`. */
export const fetchBlocks = async (clubId: string, from: string, to: string, signal?: AbortSignal) =>
  (
    await getJson<{ data: Block[] }>(
      `/api/blocks?${clubQuery(clubId)}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      signal,
    )
  ).data;

export const previewBlock = async (clubId: string, request: BlockRequest) =>
  (
    await postJson<{ data: AffectedBooking[] }>(`/api/admin/blocks?${clubQuery(clubId)}`, {
      ...request,
      preview: true,
    })
  ).data;

export const createBlock = (clubId: string, request: BlockRequest) =>
  postJson<{ message: string; data: Block; cancelled: number }>(
    `/api/admin/blocks?${clubQuery(clubId)}`,
    request,
  );

export const liftBlock = (clubId: string, blockId: string) =>
  deleteJson<{ message: string }>(`/api/admin/blocks/${encodeURIComponent(blockId)}?${clubQuery(clubId)}`);
