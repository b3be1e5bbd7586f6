import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { type Option, SelectField } from '#app/components/ui/field'
import { zones } from '#domain/reference-data/zones'

/** Mirrors app/.server/places.ts (what the loader and /ubicaciones answer). */
export interface PlaceChoice {
  zone: string
  region: string
  regions: Option[]
  communes: Option[]
}

const ZONE_OPTIONS = zones.map((z) => ({ value: z.id_zone, label: z.name_zone }))
export const PLACES_URL = '/ubicaciones'

type PlaceFieldsProps = Parameters<typeof ChainedPlaceFields>[0]

/**
 * Zone → region → commune. Regions start empty until a zone is chosen. With JS the next list
 * comes from a fetcher; without JS the form's own submit (`update`, e.g. 'Actualizar' or
 * 'Aplicar filtros') brings the page back with it.
 *
 * The fields keep the chosen zone and region in state beside uncontrolled selects, so two
 * things keep them in step: a new place from the server (another URL, «Limpiar», a link to the
 * unfiltered list) mounts them afresh, and what was chosen before the scripts arrived is read
 * back from the selects once they do.
 */
export function PlaceFields(props: PlaceFieldsProps) {
  return <ChainedPlaceFields key={`${props.places.zone}|${props.places.region}|${props.commune ?? ''}`} {...props} />
}

function ChainedPlaceFields({
  places,
  commune = '',
  errors = {},
  idPrefix,
  anyLabel,
  update,
  zoneOptions = ZONE_OPTIONS,
}: {
  places: PlaceChoice
  commune?: string
  errors?: { id_zone?: string[]; id_region?: string[]; id_commune?: string[] }
  idPrefix: string
  /** Filters: the empty choice reads 'Todas' instead of asking to choose. */
  anyLabel?: string
  update?: React.ReactNode
  /** The zones to offer (the driver filters take them from spec §7's filters call). */
  zoneOptions?: Option[]
}) {
  const hydrated = useHydrated()
  const [zone, setZone] = useState(places.zone)
  const [region, setRegion] = useState(places.region)
  const regionsFetcher = useFetcher<PlaceChoice>()
  const communesFetcher = useFetcher<PlaceChoice>()

  const regions =
    zone === places.zone ? places.regions : regionsFetcher.data?.zone === zone ? regionsFetcher.data.regions : []
  const communes =
    zone === places.zone && region === places.region
      ? places.communes
      : communesFetcher.data?.region === region
        ? communesFetcher.data.communes
        : []

  function chooseZone(value: string) {
    setZone(value)
    setRegion('')
    if (value && value !== places.zone) regionsFetcher.load(`${PLACES_URL}?id_zone=${encodeURIComponent(value)}`)
  }
  function chooseRegion(value: string) {
    setRegion(value)
    if (value)
      communesFetcher.load(`${PLACES_URL}?id_zone=${encodeURIComponent(zone)}&id_region=${encodeURIComponent(value)}`)
  }
  const zoneSelect = useRef<HTMLSelectElement>(null)
  const regionSelect = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    // On a slow connection a person can choose before hydration: the select shows the choice,
    // the state does not, and the next list would never load.
    const chosenZone = zoneSelect.current?.value ?? zone
    if (chosenZone !== zone) return chooseZone(chosenZone)
    const chosenRegion = regionSelect.current?.value ?? region
    if (chosenRegion !== region) chooseRegion(chosenRegion)
    // Once, on hydration: later choices arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const waiting = regionsFetcher.state === 'loading' || communesFetcher.state === 'loading'

  return (
    <>
      <SelectField
        label="Zona"
        selectProps={{
          ref: zoneSelect,
          id: `${idPrefix}-zona`,
          name: 'id_zone',
          defaultValue: places.zone,
          onChange: (e) => chooseZone(e.currentTarget.value),
        }}
        options={zoneOptions}
        placeholder={anyLabel ?? 'Selecciona una zona'}
        errors={errors.id_zone}
      />
      <SelectField
        key={`region-${zone}-${regions.length}`}
        label="Región"
        selectProps={{
          ref: regionSelect,
          id: `${idPrefix}-region`,
          name: 'id_region',
          defaultValue: zone === places.zone ? places.region : '',
          onChange: (e) => chooseRegion(e.currentTarget.value),
          'aria-busy': regionsFetcher.state === 'loading' || undefined,
        }}
        options={regions}
        placeholder={regions.length ? (anyLabel ?? 'Selecciona una región') : 'Primero elige una zona'}
        errors={errors.id_region}
      />
      <SelectField
        key={`commune-${zone}-${region}-${communes.length}`}
        label="Comuna"
        selectProps={{
          id: `${idPrefix}-comuna`,
          name: 'id_commune',
          defaultValue: zone === places.zone && region === places.region ? commune : '',
          'aria-busy': communesFetcher.state === 'loading' || undefined,
        }}
        options={communes}
        placeholder={communes.length ? (anyLabel ?? 'Selecciona una comuna') : 'Primero elige una región'}
        errors={errors.id_commune}
      />
      {hydrated ? (
        waiting ? (
          <p role="status" className="text-xs text-slate-600">
            Cargando…
          </p>
        ) : null
      ) : (
        update
      )}
    </>
  )
}
