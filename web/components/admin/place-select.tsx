import { type MaterialPlace, materialPlaces, placeLabels } from "#shared/materials";

/** „Kde se nabízí“: the places a material can be offered in, for the new and the edit form. */
export function PlaceSelect({ id, defaultValue }: { id: string; defaultValue: MaterialPlace }) {
  return (
    <div>
      <label htmlFor={id} className="block text-[0.9375rem] font-semibold text-bark">
        Kde se nabízí
      </label>
      <select
        id={id}
        name="place"
        defaultValue={defaultValue}
        className="mt-2 block h-12 w-full rounded-2xl border border-bark-soft/70 bg-white px-4 text-base text-bark"
      >
        {materialPlaces.map((place) => (
          <option key={place} value={place}>
            {placeLabels[place]}
          </option>
        ))}
      </select>
    </div>
  );
}
