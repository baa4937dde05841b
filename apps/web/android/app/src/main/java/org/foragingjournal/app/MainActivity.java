package org.foragingjournal.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
