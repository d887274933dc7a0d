import { useEffect, useState } from 'react';
import type { DeviceRecords, ServerReceipt, StaffTools, StorageInfo } from '../offline';

function useServerReceipt(tools: StaffTools, lastSyncAt: string | null | undefined) {
  const [asked, setAsked] = useState(0);
  // Asked on opening, again after every sync (the server's side moves with each push) and on request.
  const key = `${lastSyncAt ?? ''}|${asked}`;
  const [answer, setAnswer] = useState<{ key: string; receipt: ServerReceipt } | null>(null);
  useEffect(() => {
    let current = true;
    void tools.fetchServerReceipt().then((receipt) => {
      if (current) setAnswer({ key, receipt });
    });
    return () => {
      current = false;
    };
  }, [tools, key]);
  return { receipt: answer?.receipt ?? null, asking: answer?.key !== key, ask: () => setAsked((n) => n + 1) };
}

/**
 * What the staff panel shows: the device's records as they change (null until read), its storage,
 * and the server's receipt (`asking` while a question is out, `ask` asks again).
 */
export function useStaffPanelData(tools: StaffTools) {
  const [records, setRecords] = useState<DeviceRecords | null>(null);
  const [storage, setStorage] = useState<StorageInfo | null>(null);
  const server = useServerReceipt(tools, records?.lastSyncAt);

  useEffect(() => tools.watchDeviceRecords(setRecords), [tools]);
  useEffect(() => {
    void tools.readStorageInfo().then(setStorage);
  }, [tools]);

  return { records, storage, ...server };
}
