// Operations' front door: the Operations page (/ops), for operators.
export { OperationsView } from './components/OperationsView';
