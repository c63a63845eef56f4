import { Switch } from 'antd';
import { useState } from 'react';

interface WaitingRoomSwitchProps {
  enabled: boolean;
  /** The switch's accessible name, e.g. the exam it concerns. */
  label: string;
  /** Saves the new setting; a refusal is the app's to show (the call does not handle it), and the switch stays. */
  onToggle: (enabled: boolean) => Promise<unknown>;
}

/** An exam's waiting room on or off, for its center and for operators. */
export default function WaitingRoomSwitch({ enabled, label, onToggle }: WaitingRoomSwitchProps) {
  const [saving, setSaving] = useState(false);
  const toggle = async (next: boolean) => {
    setSaving(true);
    try {
      await onToggle(next);
    } catch {
      // The request's error handler has said why; the switch shows the setting the server still has.
    } finally {
      setSaving(false);
    }
  };
  return <Switch checked={enabled} loading={saving} aria-label={label} onChange={toggle} />;
}
