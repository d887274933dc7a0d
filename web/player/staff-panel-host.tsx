import { useEffect, useState } from 'react';
import { loadStaffTools, type StaffTools } from '../offline';
import type { StaffPanel } from './staff-panel';
import { useStaffSession } from './staff-panel-state';

type Loaded = { tools: StaffTools; Panel: typeof StaffPanel };

/** Renders the staff panel while it is open; its code (and the offline layer's staff part) loads on first opening. */
export function StaffPanelHost() {
  const session = useStaffSession();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!session || loaded) return;
    let current = true;
    void Promise.all([loadStaffTools(), import('./staff-panel')]).then(([tools, module]) => {
      if (current) setLoaded({ tools, Panel: module.StaffPanel });
    });
    return () => {
      current = false;
    };
  }, [session, loaded]);
  if (!session || !loaded) return null;
  return <loaded.Panel tools={loaded.tools} session={session} />;
}
