export { DvsStorePort } from './dvsPort';
export { DOWNLOAD_LINK_SECONDS, DOWNLOAD_PREFIX, DownloadLinks, type LinkCheck } from './downloadLinks';
export { StorageStorePort } from './storagePort';
