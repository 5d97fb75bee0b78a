import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/models/services.ts
var SERVICES = {
  ecr: {
    protocol: "json11",
    apiVersion: "2015-09-21",
    targetPrefix: "AmazonEC2ContainerRegistry_V20150921",
    signingName: "ecr",
    endpoint: { servicesKey: "ecr", variable: "AWS_ENDPOINT_URL_ECR" },
    groups: { ecr: "Image repositories (the AWS CLI's ecr commands)." }
  },
  autoscaling: {
    protocol: "query",
    apiVersion: "2011-01-01",
    xmlNamespace: "http://autoscaling.amazonaws.com/doc/2011-01-01/",
    signingName: "autoscaling",
    endpoint: { servicesKey: "auto_scaling", variable: "AWS_ENDPOINT_URL_AUTO_SCALING" },
    groups: { autoscaling: "Launch configurations (the AWS CLI's autoscaling commands)." }
  },
  stripe: {
    protocol: "v2",
    endpoint: { servicesKey: "stripe" },
    groups: {
      "account-token": "Single-use account tokens (v2 API).",
      "meter-event-adjustment": "Meter event adjustments that cancel billing meter events (v2 API).",
      account: "Accounts created from single-use account tokens (v2 API)."
    }
  }
};
function serviceModel(name) {
  return SERVICES[name];
}
function servicesSpeaking(protocol) {
  return Object.values(SERVICES).filter(
    (s) => s.protocol === protocol
  );
}
function groupDescription(group) {
  for (const s of Object.values(SERVICES)) {
    if (Object.hasOwn(s.groups, group)) return s.groups[group];
  }
  return void 0;
}

export {
  SERVICES,
  serviceModel,
  servicesSpeaking,
  groupDescription
};
