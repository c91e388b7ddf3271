module.exports = require('@cityquest/shared-ui/postcss-preset');
