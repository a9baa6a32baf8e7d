/**
 * The few parts of the browser's device APIs the shop uses (Web Serial, WebUSB, Web Bluetooth,
 * the Shape Detection API's BarcodeDetector), typed here because TypeScript's DOM library has
 * none of them. Each is read from `navigator` (or `window`) when it is used, never at import, so
 * a test or a journey may put its own in place first, and a browser without one is told so.
 */

export interface SerialOptions {
  baudRate: number;
  dataBits?: 7 | 8;
  stopBits?: 1 | 2;
  parity?: 'none' | 'even' | 'odd';
  bufferSize?: number;
  flowControl?: 'none' | 'hardware';
}

export interface SerialPortInfo {
  usbVendorId?: number;
  usbProductId?: number;
  bluetoothServiceClassId?: number | string;
}

/** A Web Serial port, as much as the scale and printer need of one. */
export interface SerialPortLike {
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
  open(options: SerialOptions): Promise<void>;
  close(): Promise<void>;
  getInfo?(): SerialPortInfo;
}

export interface SerialLike {
  getPorts(): Promise<SerialPortLike[]>;
  requestPort(options?: { filters?: SerialPortInfo[] }): Promise<SerialPortLike>;
  addEventListener?(type: 'connect' | 'disconnect', listener: (event: Event) => void): void;
  removeEventListener?(type: 'connect' | 'disconnect', listener: (event: Event) => void): void;
}

export interface UsbEndpointLike {
  endpointNumber: number;
  direction: 'in' | 'out';
  type: 'bulk' | 'interrupt' | 'isochronous';
}

export interface UsbInterfaceLike {
  interfaceNumber: number;
  claimed?: boolean;
  alternate: { interfaceClass: number; endpoints: UsbEndpointLike[] };
}

/** A WebUSB device: a receipt printer's bulk OUT endpoint is written to. */
export interface UsbDeviceLike {
  readonly opened: boolean;
  readonly configuration: { interfaces: UsbInterfaceLike[] } | null;
  readonly vendorId?: number;
  readonly productId?: number;
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  transferOut(endpointNumber: number, data: BufferSource): Promise<{ status?: string }>;
}

export interface UsbLike {
  getDevices(): Promise<UsbDeviceLike[]>;
  requestDevice(options: { filters: Record<string, number>[] }): Promise<UsbDeviceLike>;
}

export interface BluetoothCharacteristicLike {
  readonly uuid: string;
  readonly properties: { write: boolean; writeWithoutResponse: boolean };
  writeValue?(data: BufferSource): Promise<void>;
  writeValueWithResponse?(data: BufferSource): Promise<void>;
  writeValueWithoutResponse?(data: BufferSource): Promise<void>;
}

export interface BluetoothServiceLike {
  getCharacteristics(): Promise<BluetoothCharacteristicLike[]>;
}

export interface BluetoothDeviceLike {
  readonly name?: string;
  readonly gatt?: {
    readonly connected: boolean;
    connect(): Promise<{ getPrimaryServices(): Promise<BluetoothServiceLike[]> }>;
    disconnect(): void;
  };
}

export interface BluetoothLike {
  getDevices?(): Promise<BluetoothDeviceLike[]>;
  requestDevice(options: { acceptAllDevices: true; optionalServices: string[] }): Promise<BluetoothDeviceLike>;
}

export interface DetectedBarcodeLike {
  rawValue: string;
  format: string;
}

export interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcodeLike[]>;
}

interface BarcodeDetectorConstructor {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

type DeviceNavigator = Navigator & { serial?: SerialLike; usb?: UsbLike; bluetooth?: BluetoothLike };

const deviceNavigator = (): DeviceNavigator | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as DeviceNavigator);

/** Web Serial, or undefined in a browser without it (Firefox, Safari, most phones). */
export const webSerial = (): SerialLike | undefined => deviceNavigator()?.serial;
export const webUsb = (): UsbLike | undefined => deviceNavigator()?.usb;
export const webBluetooth = (): BluetoothLike | undefined => deviceNavigator()?.bluetooth;

/** The browser's BarcodeDetector (Chrome on Android and ChromeOS, some desktops), or undefined. */
export const barcodeDetectorClass = (): BarcodeDetectorConstructor | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
