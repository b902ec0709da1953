import { styled } from '@linaria/react';
import { useEffect, useState, type FormEvent } from 'react';
import { planningSlotInput, type PlanningSlot } from '../../contract/planning';
import { HOME_TEXT } from '../../domain/home-text-fr';
import { localSlotOf, minuteOf, minuteText, utcSlotOf, WEEKDAYS_FR } from '../../domain/planning-slot';
import { TEXT } from '../../domain/text-fr';
import { useApp } from '../app-context';
import { Dialog, DialogActions } from '../common/dialog';
import { toast } from '../common/toast';
import { Button, ErrorText, Field } from '../common/ui';

type Draft = { id: number | null; name: string; speaker: string; weekday: number; time: string; duration: string; room: string; link: string };

const draftOf = (slot: PlanningSlot | null, now: Date): Draft => {
  if (!slot) return { id: null, name: '', speaker: '', weekday: 1, time: '18:00', duration: '60', room: '', link: '' };
  const local = localSlotOf(slot, now);
  return { id: slot.id, name: slot.name, speaker: slot.speaker, weekday: local.weekday, time: minuteText(local.minute), duration: String(slot.durationMinutes), room: slot.roomClickId ?? '', link: slot.directLink ?? '' };
};

/**
 * 'Modifier le planning' (subscription 6, with the beta key; spec 3 §2): the weekly programme in
 * the coach's own time, each slot movable, and new slots. Saved through the content host, which
 * publishes the new planning to every member.
 */
export function PlanningEditor({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { live } = useApp();
  const [slots, setSlots] = useState<PlanningSlot[] | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current = true;
    void live.planningSlots().then((answer) => {
      if (!current) return;
      if (answer.ok) setSlots(answer.data);
      else setError(answer.error);
    });
    return () => {
      current = false;
    };
  }, [open, live, draft === null]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const minute = minuteOf(draft.time);
    if (minute === null) return setError(HOME_TEXT.editorTimeInvalid);
    const input = planningSlotInput.safeParse({
      id: draft.id,
      name: draft.name,
      speaker: draft.speaker,
      ...utcSlotOf(draft.weekday, minute, new Date()),
      durationMinutes: Number(draft.duration),
      roomClickId: draft.room.trim() || null,
      directLink: draft.link.trim() || null,
    });
    if (!input.success) return setError(HOME_TEXT.editorInvalid);
    setSaving(true);
    const answer = await live.saveSlot(input.data);
    setSaving(false);
    if (!answer.ok) return setError(answer.error);
    toast.success(HOME_TEXT.editorSaved);
    setError(null);
    setDraft(null);
  }

  const set = (change: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...change } : d));
  return (
    <Dialog title={HOME_TEXT.editorTitle} open={open} onClose={onClose} wide>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      {draft ? (
        <Form onSubmit={(event) => void save(event)} noValidate>
          <Field>
            {HOME_TEXT.columns.programme}
            <input required maxLength={120} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
          </Field>
          <Field>
            {HOME_TEXT.columns.speaker}
            <input required maxLength={120} value={draft.speaker} onChange={(e) => set({ speaker: e.target.value })} />
          </Field>
          <Field>
            {HOME_TEXT.columns.day}
            <select value={draft.weekday} onChange={(e) => set({ weekday: Number(e.target.value) })}>
              {WEEKDAYS_FR.map((day, i) => (
                <option key={day} value={i + 1}>
                  {day}
                </option>
              ))}
            </select>
          </Field>
          <Field>
            {HOME_TEXT.editorStart}
            <input type="time" required value={draft.time} onChange={(e) => set({ time: e.target.value })} />
          </Field>
          <Field>
            {HOME_TEXT.editorDuration}
            <input type="number" min={5} max={720} step={5} required value={draft.duration} onChange={(e) => set({ duration: e.target.value })} />
          </Field>
          <Field>
            {HOME_TEXT.editorRoom}
            <input value={draft.room} maxLength={60} onChange={(e) => set({ room: e.target.value })} />
          </Field>
          <Field>
            {HOME_TEXT.editorLink}
            <input type="url" value={draft.link} onChange={(e) => set({ link: e.target.value })} />
          </Field>
          <DialogActions>
            <Button variant="ghost" type="button" onClick={() => setDraft(null)}>
              {HOME_TEXT.editorCancel}
            </Button>
            <Button type="submit" disabled={saving}>
              {HOME_TEXT.editorSave}
            </Button>
          </DialogActions>
        </Form>
      ) : (
        <>
          {slots === null && !error ? <p>{HOME_TEXT.loading}</p> : null}
          <Slots>
            {(slots ?? []).map((slot) => {
              const local = localSlotOf(slot, new Date());
              return (
                <li key={slot.id}>
                  <span>
                    {WEEKDAYS_FR[local.weekday - 1]} {minuteText(local.minute)} · {slot.durationMinutes} min · <strong>{slot.name}</strong> · {slot.speaker}
                  </span>
                  <Button variant="ghost" type="button" aria-label={`${HOME_TEXT.editorEdit} : ${slot.name}, ${WEEKDAYS_FR[local.weekday - 1]} ${minuteText(local.minute)}`} onClick={() => setDraft(draftOf(slot, new Date()))}>
                    {HOME_TEXT.editorEdit}
                  </Button>
                </li>
              );
            })}
          </Slots>
          <DialogActions>
            <Button variant="ghost" type="button" onClick={onClose}>
              {TEXT.close}
            </Button>
            <Button type="button" onClick={() => setDraft(draftOf(null, new Date()))}>
              {HOME_TEXT.editorAdd}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr));
  gap: 12px;
  & select {
    height: 44px;
    padding: 0 12px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: var(--surface);
    color: var(--text);
  }
  & > div {
    grid-column: 1 / -1;
  }
`;

const Slots = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 6px;
  max-height: 55vh;
  overflow-y: auto;
  & li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 12px;
  }
`;
