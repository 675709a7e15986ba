// Stand-in for https://www.google.com/recaptcha/api.js (v3 API): grecaptcha.ready(cb) and
// grecaptcha.execute(siteKey, {action}) -> Promise<token>. Its tokens are the ones the local
// siteverify stand-in accepts ('good'). It records each execute call for the test to read.
(function () {
  var calls = [];
  window.grecaptcha = {
    ready: function (cb) { setTimeout(cb, 0); },
    execute: function (siteKey, opts) {
      calls.push({ siteKey: siteKey, action: opts && opts.action });
      return new Promise(function (resolve) { setTimeout(function () { resolve('good'); }, 10); });
    },
    __calls: calls,
  };
})();
