/** The namespaces the WSDL and XSD readers recognise. */

/** XML Schema 1.0: its elements, and its built-in types. */
export const XSD_NAMESPACE = "http://www.w3.org/2001/XMLSchema";

/** WSDL 1.1. */
export const WSDL_NAMESPACE = "http://schemas.xmlsoap.org/wsdl/";

/** The WSDL 1.1 binding extension for SOAP 1.1. */
export const WSDL_SOAP11_NAMESPACE = "http://schemas.xmlsoap.org/wsdl/soap/";

/** The WSDL 1.1 binding extension for SOAP 1.2. */
export const WSDL_SOAP12_NAMESPACE = "http://schemas.xmlsoap.org/wsdl/soap12/";

/** The SOAP over HTTP transport, as `soap:binding transport=` names it. */
export const SOAP_HTTP_TRANSPORT = "http://schemas.xmlsoap.org/soap/http";

/** SOAP 1.1 encoding (section 5): its schema is imported, often without a location, by rpc/encoded contracts. */
export const SOAP_ENCODING_NAMESPACE = "http://schemas.xmlsoap.org/soap/encoding/";
