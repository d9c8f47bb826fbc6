'use strict';
// The package's built credential, loaded from this test package (n8n's loader keeps icon paths inside the package).
module.exports = require('../../../../../dist/credentials/SvcMcpOAuth2Api.credentials.js');
