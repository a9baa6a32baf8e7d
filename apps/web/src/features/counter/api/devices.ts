/** The counter devices (GET, POST and PUT /api/admin/counter/devices): choosing, registering, renaming one, its scale and printer. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type {
  CounterDevice,
  CounterDeviceAnswer,
  CounterDevicesAnswer,
  CounterPrinter,
  CounterScale,
} from './counter-types';

const DEVICES_URL = '/api/admin/counter/devices';

export const devicesQuery = queryOptions({
  queryKey: ['admin', 'counter', 'devices'],
  queryFn: async () => (await api.get<CounterDevicesAnswer>(DEVICES_URL)).devices,
  staleTime: 30_000,
  retry: false,
});

export function useDevices() {
  return useQuery(devicesQuery);
}

export function useRegisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await api.post<CounterDeviceAnswer>(DEVICES_URL, { name })).device,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey }),
  });
}

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    // The whole device each time: the scale's settings go back as they were unless given.
    mutationFn: async ({
      device,
      name,
      printer,
      scale = device.scale,
    }: {
      device: CounterDevice;
      name: string;
      printer: CounterPrinter | null;
      scale?: CounterScale | null;
    }) =>
      (
        await api.put<CounterDeviceAnswer>(`${DEVICES_URL}/${encodeURIComponent(device._id)}`, {
          name,
          scale,
          printer,
        })
      ).device,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey }),
  });
}
