// The Operations page (/ops), for operators. Anything not exported here is the feature's own.
export { OperationsView } from './components/OperationsView';
