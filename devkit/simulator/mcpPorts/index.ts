export { DvsStorePort } from './dvs-port';
export { DOWNLOAD_LINK_SECONDS, DOWNLOAD_PREFIX, DownloadLinks, type LinkCheck } from './download-links';
export { StorageStorePort } from './storage-port';
