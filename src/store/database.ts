import { createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import {
  accountSchema,
  alertSchema,
  contentSchema,
  conversationSchema,
  kvSchema,
  messageSchema,
  outboxSchema,
  progressSchema,
  roomSchema,
  type AccountDoc,
  type AlertDoc,
  type ContentDoc,
  type ConversationDoc,
  type KvDoc,
  type MessageDoc,
  type OutboxDoc,
  type ProgressDoc,
  type RoomDoc,
} from './schemas';

export type ComptoirCollections = {
  account: RxCollection<AccountDoc>;
  content: RxCollection<ContentDoc>;
  conversations: RxCollection<ConversationDoc>;
  rooms: RxCollection<RoomDoc>;
  messages: RxCollection<MessageDoc>;
  outbox: RxCollection<OutboxDoc>;
  kv: RxCollection<KvDoc>;
  alerts: RxCollection<AlertDoc>;
  /** Formation progress with its unsent steps and video positions (the learning outbox). */
  formation_progress: RxCollection<ProgressDoc>;
};
export type ComptoirDatabase = RxDatabase<ComptoirCollections>;

/** The storage is injected: Dexie in the browser, memory in unit tests. */
export async function openDatabase(options: {
  name: string;
  // RxDB storages are generic over their internals; the database does not care which.
  storage: RxStorage<unknown, unknown>;
}): Promise<ComptoirDatabase> {
  const db = await createRxDatabase<ComptoirCollections>({
    name: options.name,
    storage: options.storage,
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  });
  try {
    await db.addCollections({
      account: { schema: accountSchema },
      content: { schema: contentSchema },
      conversations: { schema: conversationSchema },
      rooms: { schema: roomSchema },
      messages: { schema: messageSchema },
      outbox: { schema: outboxSchema },
      kv: { schema: kvSchema },
      alerts: { schema: alertSchema },
      formation_progress: { schema: progressSchema },
    });
  } catch (error) {
    // FACTS.md: after a failed addCollections close (not remove) the database.
    await db.close();
    throw error;
  }
  return db;
}
